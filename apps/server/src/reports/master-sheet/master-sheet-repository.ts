// SQL of the master sheet (decision 033): the figures a sub-agent's week is settled from (its
// subtree's weekly rollups, active players, agent payments, the deal in force), the frozen rows of
// closed weeks, and the deals themselves.
import { sql } from 'drizzle-orm';
import { queryRows, type Executor } from '../../db/query.ts';
import { intArray } from '../../db/sql-arrays.ts';

const ISO = sql.raw(`'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'`);

export interface SheetSiteDbRow {
  time_zone: string;
  currency: string;
  cutoff_day: number;
  cutoff_minute: number;
}

export async function selectSheetSite(db: Executor, siteId: number): Promise<SheetSiteDbRow> {
  const [row] = await queryRows<SheetSiteDbRow>(
    db,
    sql`select time_zone, currency, sheet_cutoff_day as cutoff_day,
          sheet_cutoff_minute as cutoff_minute
        from sites where id = ${siteId}`,
  );
  return row!;
}

/** Locks the site's sheet closes: one close at a time per site. */
export async function lockSheetCloses(db: Executor, siteId: number): Promise<void> {
  await db.execute(sql`select id from sites where id = ${siteId} for update`);
}

export async function selectLastClosedWeek(db: Executor, siteId: number): Promise<string | null> {
  const [row] = await queryRows<{ week: string | null }>(
    db,
    sql`select to_char(max(week_start), 'YYYY-MM-DD') as week from sheet_closes
        where site_id = ${siteId}`,
  );
  return row?.week ?? null;
}

/** The site's first day with a figure a sheet settles: a weekly rollup or an agent payment. */
export async function selectFirstFigureDay(db: Executor, siteId: number): Promise<string | null> {
  const [row] = await queryRows<{ day: string | null }>(
    db,
    sql`select to_char(least(
          (select min(week_start) from agent_weekly where site_id = ${siteId}),
          (select min(day) from agent_payments where site_id = ${siteId})), 'YYYY-MM-DD') as day`,
  );
  return row?.day ?? null;
}

export interface SheetAgentDbRow {
  id: number;
  login: string;
  name: string;
  parent_id: number;
  has_sub_agents: boolean;
}

/**
 * The agents whose rows a sheet computes: `ids` given, those; else every agent of the site below
 * its master (a close freezes every row at once).
 */
export function selectSheetAgents(
  db: Executor,
  siteId: number,
  ids: readonly number[] | null,
): Promise<SheetAgentDbRow[]> {
  return queryRows<SheetAgentDbRow>(
    db,
    sql`select a.id, a.login, a.name, a.parent_id,
          exists (select 1 from agents s where s.parent_id = a.id) as has_sub_agents
        from agents a
        where a.site_id = ${siteId} and a.parent_id is not null
          ${ids ? sql`and a.id = any(${intArray(ids)})` : sql``}
        order by a.login`,
  );
}

export function selectChildIds(db: Executor, agentId: number): Promise<{ id: number }[]> {
  return queryRows<{ id: number }>(db, sql`select id from agents where parent_id = ${agentId}`);
}

export interface SubtreeWeekDbRow {
  agent_id: number;
  currency: string;
  sports: number;
  casino: number;
  horses: number;
  rbl: number;
  cum_sports: number;
  cum_casino: number;
  cum_horses: number;
  cum_rbl: number;
}

/**
 * Each agent's whole subtree, per currency: the week's players' figures by product, and their sum
 * over every week up to and including it (what a later week's `Late` is measured against).
 */
export function selectSubtreeWeeks(
  db: Executor,
  ids: readonly number[],
  week: string,
): Promise<SubtreeWeekDbRow[]> {
  return queryRows<SubtreeWeekDbRow>(
    db,
    sql`select c.ancestor_id as agent_id, aw.currency,
          coalesce(sum(aw.sports) filter (where aw.week_start = ${week}::date), 0)::bigint as sports,
          coalesce(sum(aw.casino) filter (where aw.week_start = ${week}::date), 0)::bigint as casino,
          coalesce(sum(aw.horses) filter (where aw.week_start = ${week}::date), 0)::bigint as horses,
          coalesce(sum(aw.rbl) filter (where aw.week_start = ${week}::date), 0)::bigint as rbl,
          sum(aw.sports)::bigint as cum_sports, sum(aw.casino)::bigint as cum_casino,
          sum(aw.horses)::bigint as cum_horses, sum(aw.rbl)::bigint as cum_rbl
        from agent_closure c
        join agent_weekly aw on aw.agent_id = c.descendant_id and aw.week_start <= ${week}::date
        where c.ancestor_id = any(${intArray(ids)})
        group by c.ancestor_id, aw.currency`,
  );
}

/** Players of each agent's subtree with a wager placed in the week (player_active_weeks). */
export function selectActivePlayers(
  db: Executor,
  ids: readonly number[],
  week: string,
): Promise<{ agent_id: number; n: number }[]> {
  return queryRows<{ agent_id: number; n: number }>(
    db,
    sql`select c.ancestor_id as agent_id, count(*)::int as n
        from agent_closure c
        join player_active_weeks a on a.agent_id = c.descendant_id and a.week_start = ${week}::date
        where c.ancestor_id = any(${intArray(ids)})
        group by c.ancestor_id`,
  );
}

/** Each agent's own settlements with its master entered in [from, to) (from null: since ever). */
export function selectPaid(
  db: Executor,
  ids: readonly number[],
  from: Date | null,
  to: Date,
): Promise<{ agent_id: number; currency: string; amount: number }[]> {
  // The day narrows the index range; the instants decide (a day is at most a zone's offset off).
  return queryRows<{ agent_id: number; currency: string; amount: number }>(
    db,
    sql`select agent_id, currency, sum(amount)::bigint as amount from agent_payments
        where agent_id = any(${intArray(ids)})
          ${from ? sql`and day >= (${from.toISOString()}::timestamptz - interval '2 days')::date and created_at >= ${from.toISOString()}::timestamptz` : sql``}
          and day <= (${to.toISOString()}::timestamptz + interval '2 days')::date
          and created_at < ${to.toISOString()}::timestamptz
        group by agent_id, currency`,
  );
}

export interface DealDbRow {
  agent_id: number;
  from_week: string;
  kind: string;
  percent_bps: number;
  casino_bps: number | null;
  horses_bps: number | null;
  red_figure: boolean;
  head_fee: number;
  set_by: string;
  set_at: string;
}

const DEAL_COLUMNS = sql`agent_id, to_char(from_week, 'YYYY-MM-DD') as from_week, kind, percent_bps,
  casino_bps, horses_bps, red_figure, head_fee, set_by,
  to_char(set_at at time zone 'UTC', ${ISO}) as set_at`;

/** The deal in force for `week` of each agent that has one. */
export function selectDealsInForce(
  db: Executor,
  ids: readonly number[],
  week: string,
): Promise<DealDbRow[]> {
  return queryRows<DealDbRow>(
    db,
    sql`select distinct on (agent_id) ${DEAL_COLUMNS} from agent_deals
        where agent_id = any(${intArray(ids)}) and from_week <= ${week}::date
        order by agent_id, from_week desc, id desc`,
  );
}

/** An agent's deals, the newest first (the later start, then the later set). */
export function selectDealHistory(db: Executor, agentId: number): Promise<DealDbRow[]> {
  return queryRows<DealDbRow>(
    db,
    sql`select ${DEAL_COLUMNS} from agent_deals where agent_id = ${agentId}
        order by from_week desc, id desc`,
  );
}

export async function insertDeal(
  db: Executor,
  d: Omit<DealDbRow, 'set_at'> & { site_id: number; set_at: Date },
): Promise<void> {
  await db.execute(sql`
    insert into agent_deals (site_id, agent_id, from_week, kind, percent_bps, casino_bps, horses_bps,
      red_figure, head_fee, set_by, set_at)
    values (${d.site_id}, ${d.agent_id}, ${d.from_week}::date, ${d.kind}, ${d.percent_bps},
      ${d.casino_bps}, ${d.horses_bps}, ${d.red_figure}, ${d.head_fee}, ${d.set_by},
      ${d.set_at.toISOString()}::timestamptz)`);
}

export interface DealAgentDbRow {
  id: number;
  login: string;
  name: string;
  parent_id: number | null;
  deal_defaults: Record<string, unknown> | null;
  sheet_email: boolean;
}

export async function selectDealAgent(db: Executor, agentId: number): Promise<DealAgentDbRow> {
  const [row] = await queryRows<DealAgentDbRow>(
    db,
    sql`select id, login, name, parent_id, deal_defaults, sheet_email from agents
        where id = ${agentId}`,
  );
  return row!;
}

export async function updateDealDefaults(
  db: Executor,
  agentId: number,
  defaults: Record<string, unknown> | null,
): Promise<void> {
  await db.execute(sql`update agents
    set deal_defaults = ${defaults === null ? null : JSON.stringify(defaults)}::jsonb
    where id = ${agentId}`);
}

export async function updateSheetEmail(
  db: Executor,
  agentId: number,
  enabled: boolean,
): Promise<void> {
  await db.execute(sql`update agents set sheet_email = ${enabled} where id = ${agentId}`);
}

export interface FrozenRowDbRow {
  agent_id: number;
  row: Record<string, unknown>;
  cumulative: Record<string, Record<string, number>>;
}

export function selectFrozenRows(
  db: Executor,
  ids: readonly number[],
  week: string,
): Promise<FrozenRowDbRow[]> {
  return queryRows<FrozenRowDbRow>(
    db,
    sql`select agent_id, row, cumulative from agent_sheet_weeks
        where agent_id = any(${intArray(ids)}) and week_start = ${week}::date`,
  );
}

/** The agents with a frozen row of `week` whose parent is `parentId`: a closed sheet's rows. */
export function selectFrozenChildren(
  db: Executor,
  parentId: number,
  week: string,
): Promise<{ agent_id: number }[]> {
  return queryRows<{ agent_id: number }>(
    db,
    sql`select agent_id from agent_sheet_weeks where parent_id = ${parentId}
        and week_start = ${week}::date`,
  );
}

export async function insertClose(
  db: Executor,
  c: {
    siteId: number;
    week: string;
    closedAt: Date;
    rows: { agentId: number; parentId: number; row: object; cumulative: object }[];
  },
): Promise<void> {
  const at = c.closedAt.toISOString();
  if (c.rows.length > 0)
    await db.execute(sql`
      insert into agent_sheet_weeks (site_id, agent_id, week_start, parent_id, row, cumulative,
        closed_at)
      select ${c.siteId}, x.agent_id, ${c.week}::date, x.parent_id, x.row, x.cumulative,
        ${at}::timestamptz
      from jsonb_to_recordset(${JSON.stringify(
        c.rows.map((r) => ({
          agent_id: r.agentId,
          parent_id: r.parentId,
          row: r.row,
          cumulative: r.cumulative,
        })),
      )}::jsonb) as x(agent_id int, parent_id int, row jsonb, cumulative jsonb)`);
  await db.execute(sql`
    insert into sheet_closes (site_id, week_start, closed_at)
    values (${c.siteId}, ${c.week}::date, ${at}::timestamptz)`);
}

export async function updateSheetCutoff(
  db: Executor,
  siteId: number,
  cutoff: { day: number; minute: number },
): Promise<void> {
  await db.execute(sql`update sites set sheet_cutoff_day = ${cutoff.day},
    sheet_cutoff_minute = ${cutoff.minute} where id = ${siteId}`);
}
