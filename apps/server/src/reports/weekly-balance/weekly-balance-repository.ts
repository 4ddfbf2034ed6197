// SQL of the weekly balance: reads the weekly and daily rollups, never the raw ledger of the week.
import { sql, type SQL } from 'drizzle-orm';
import type { WeeklyBalanceSort } from '@backline/contract';
import { queryRows, type Executor } from '../../db/query.ts';
import { withPlanHints, type PlanHints } from '../../db/plan-hints.ts';
import { containsPattern } from '../../db/sql-search.ts';
import type { WeekDays } from '../../ledger/ledger-math.ts';
import { LEDGER_LINE_COLUMNS, type LedgerLineDbRow } from '../ledger-line.ts';
import type { PlayerRowDbColumns } from '../player-ref.ts';

export interface WeeklyBalanceDbRow extends PlayerRowDbColumns, WeekDays {
  carry: number;
  payments: number;
  adjustments: number;
  ending: number;
  active: boolean;
  sports: number;
  casino: number;
  horses: number;
  rbl: number;
  week_total: number;
}

export interface WeekQuery {
  siteId: number;
  agentId: number;
  monday: string;
  sunday: string;
  /**
   * The subtree lists at most `FEW_PLAYERS` players (from the week's counts). Its rows and totals
   * then come from prepared statements that keep one plan; a larger book's are planned per call.
   */
  fewPlayers?: boolean | undefined;
  /**
   * A player moved into or out of the subtree (decision 021): its rows are then the players whose
   * week was the subtree's, by their week's row (or latest earlier one), not by today's agent.
   */
  moved?: boolean | undefined;
}

/**
 * Up to this many players, gathering a subtree's week and sorting it costs about a millisecond,
 * the same for every agent, so one kept plan serves all of them. For a larger book the planner's
 * choice per call is worth its planning (a master's first page by login walks the login index).
 */
export const FEW_PLAYERS = 500;

/** One page of the week, in an order of the caller's choosing; no page means every row. */
export interface WeekPage {
  search?: string | undefined;
  sort: WeeklyBalanceSort;
  descending: boolean;
  offset: number;
  limit: number;
  /** A money column (of the row's `currency`) as it ranks across currencies (currency/ranking.ts). */
  rank?: ((amount: SQL, currency: SQL) => SQL) | undefined;
}

const SORT_COLUMNS: Record<WeeklyBalanceSort, SQL> = {
  player: sql`lower(login)`,
  carry: sql`carry`,
  day0: sql`day0`,
  day1: sql`day1`,
  day2: sql`day2`,
  day3: sql`day3`,
  day4: sql`day4`,
  day5: sql`day5`,
  day6: sql`day6`,
  week: sql`week_total`,
  payments: sql`payments`,
  adjustments: sql`adjustments`,
  ending: sql`ending`,
};

/** The agent a player's week is listed under: today's, or with moves the week's own (decision 021). */
const weekAgent = (q: WeekQuery) =>
  q.moved ? sql`coalesce(w.agent_id, prev.agent_id, p.agent_id)` : sql`p.agent_id`;

/**
 * The players of the subtree, with their week row and, for a week without entries, the last ending.
 * `agent` is the subtree's root as the statement takes it (`PlanHints.key`).
 */
function weekRowsFrom(
  q: WeekQuery,
  agent: SQL,
  search: string | undefined,
  withAgent = false,
): SQL {
  const subtree = sql`(select descendant_id from agent_closure where ancestor_id = ${agent})`;
  // Players moved out of the subtree are listed for the weeks that were still its.
  const players = q.moved
    ? sql`(p.agent_id in ${subtree} or p.id in (select m.player_id from player_moves m
          where m.site_id = ${q.siteId} and m.from_agent_id in ${subtree}))
        and ${weekAgent(q)} in ${subtree}`
    : sql`p.agent_id in ${subtree}`;
  return sql`
    from players p
    left join player_weekly w on w.player_id = p.id and w.week_start = ${q.monday}::date
    left join lateral (
      select w2.ending, w2.agent_id from player_weekly w2
      where w.player_id is null and w2.player_id = p.id and w2.week_start < ${q.monday}::date
      order by w2.week_start desc limit 1
    ) prev on true
    ${withAgent ? sql`join agents a on a.id = ${weekAgent(q)}` : sql``}
    where p.site_id = ${q.siteId}
      and ${players}
      and (p.active or w.player_id is not null or coalesce(prev.ending, 0) <> 0)
      ${search ? sql`and (p.login ilike ${containsPattern(search)} or p.name ilike ${containsPattern(search)})` : sql``}`;
}

/**
 * The week's rows: players with entries in the week, active players, and players still owing or
 * owed. Days come from the weekly row itself, so a page reads one row per player.
 */
export async function selectWeeklyBalance(
  db: Executor,
  q: WeekQuery,
  page?: WeekPage,
): Promise<WeeklyBalanceDbRow[]> {
  const column = (p: WeekPage) =>
    p.rank && p.sort !== 'player'
      ? p.rank(SORT_COLUMNS[p.sort], sql`currency`)
      : SORT_COLUMNS[p.sort];
  const order = page
    ? sql`order by ${column(page)} ${page.descending ? sql`desc` : sql`asc`} nulls last, lower(login), id`
    : sql`order by lower(login), id`;
  const cut = page ? sql`limit ${page.limit} offset ${page.offset}` : sql``;
  const rows = (hint: PlanHints) => sql`
    select p.id, p.login, p.name, ${weekAgent(q)} as agent_id, a.login as agent, p.currency, p.active,
      coalesce(w.carry, prev.ending, 0)::bigint as carry,
      coalesce(w.payments, 0)::bigint as payments,
      coalesce(w.adjustments, 0)::bigint as adjustments,
      coalesce(w.ending, prev.ending, 0)::bigint as ending,
      coalesce(w.sports, 0)::bigint as sports, coalesce(w.casino, 0)::bigint as casino,
      coalesce(w.horses, 0)::bigint as horses, coalesce(w.rbl, 0)::bigint as rbl,
      coalesce(w.day0, 0)::bigint as day0, coalesce(w.day1, 0)::bigint as day1,
      coalesce(w.day2, 0)::bigint as day2, coalesce(w.day3, 0)::bigint as day3,
      coalesce(w.day4, 0)::bigint as day4, coalesce(w.day5, 0)::bigint as day5,
      coalesce(w.day6, 0)::bigint as day6,
      coalesce(w.day0 + w.day1 + w.day2 + w.day3 + w.day4 + w.day5 + w.day6, 0)::bigint as week_total
    ${weekRowsFrom(q, hint.key(q.agentId), page?.search, true)}`;
  // Kept plan for a small subtree: its rows are gathered, then sorted; the page's size is a
  // literal so the plan is costed for the page itself.
  const keep = q.fewPlayers && !page?.search && !q.moved ? 'week-rows' : false;
  return withPlanHints<WeeklyBalanceDbRow>(
    db,
    keep,
    (hint) => sql`with r as ${hint.gatherFirst} (${rows(hint)})
      select * from (select * from r ${order} ${cut}) r
      ${page ? sql`limit ${hint.pageBound(page.limit)}` : sql``}`,
  );
}

/** Whether any player moved into or out of the agent's subtree (its weeks then list by week). */
export async function subtreeHasMoves(db: Executor, agentId: number): Promise<boolean> {
  const rows = await queryRows<{ one: number }>(
    db,
    sql`select 1 as one from agent_closure c join player_moves m
          on m.from_agent_id = c.descendant_id or m.to_agent_id = c.descendant_id
        where c.ancestor_id = ${agentId} limit 1`,
  );
  return rows.length > 0;
}

export interface WeekCountDbRow {
  currency: string;
  players: number;
  matches: number;
}

/** How many players the week lists per currency, and how many of them match the search. */
export async function selectWeekCounts(
  db: Executor,
  q: WeekQuery,
  search: string | undefined,
): Promise<WeekCountDbRow[]> {
  // The agents' player counts are today's: a subtree with moves counts its week's players.
  if (!search && !q.moved) return selectListedCounts(db, q);
  const pattern = containsPattern(search ?? '');
  return queryRows<WeekCountDbRow>(
    db,
    sql`select p.currency, count(*)::int as players,
      (count(*) filter (where ${search ? sql`p.login ilike ${pattern} or p.name ilike ${pattern}` : sql`true`}))::int as matches
    ${weekRowsFrom(q, sql`${q.agentId}`, undefined)}
    group by p.currency
    order by p.currency`,
  );
}

/**
 * Without a search: every active player is listed, counted from the agents' player counts (kept by
 * a trigger on players). Of the inactive ones, those with entries in the week or a balance still
 * open are listed too: told from the index players_inactive_agent_week (last week, balance), and
 * only a player with entries after this week needs a look at its weeks.
 */
async function selectListedCounts(db: Executor, q: WeekQuery): Promise<WeekCountDbRow[]> {
  // Kept plan: agent by agent, its plan is the same for a desk and a book.
  const rows = await withPlanHints<{ currency: string; n: number }>(
    db,
    'week-counts',
    () => sql`select ap.currency, sum(ap.active)::int as n
      from agent_players ap
      where ap.agent_id in (select descendant_id from agent_closure where ancestor_id = ${q.agentId})
      group by ap.currency
    union all
    select p.currency, count(*)::int as n
      from agent_closure c
      -- Agent by agent ("offset 0" keeps it so), each agent's few inactive players from the index.
      cross join lateral (
        select p.currency from players p
        where p.agent_id = c.descendant_id and not p.active and p.site_id = ${q.siteId}
          and case
            -- No weekly row at all: never an entry, never listed.
            when p.last_week is null then false
            when p.last_week = ${q.monday}::date then true
            -- Nothing since that week: the balance is still its ending, owed or owing or not.
            when p.last_week < ${q.monday}::date then p.has_balance
            -- Entries after this week: the player's latest week up to this one decides.
            else coalesce((
              select w.week_start = ${q.monday}::date or w.ending <> 0 from player_weekly w
              where w.player_id = p.id and w.week_start <= ${q.monday}::date
              order by w.week_start desc limit 1), false)
          end
        offset 0) p
      where c.ancestor_id = ${q.agentId}
      group by p.currency`,
  );
  const byCurrency = new Map<string, number>();
  for (const r of rows) byCurrency.set(r.currency, (byCurrency.get(r.currency) ?? 0) + r.n);
  return [...byCurrency]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([currency, n]) => ({ currency, players: n, matches: n }));
}

export interface WeekTotalsDbRow {
  currency: string;
  carry: number;
  payments: number;
  adjustments: number;
  ending: number;
  days: number[];
}

/**
 * The week's totals per currency from the agents' weekly rollup: a book's balance at the end of
 * a week is the sum of its agents' weekly changes up to that week, so no player's history is read;
 * with the balances players brought when moved to them (`moved`, decision 021) in each week's opening.
 */
export async function selectWeekTotals(db: Executor, q: WeekQuery): Promise<WeekTotalsDbRow[]> {
  const inWeek = sql`filter (where aw.week_start = ${q.monday}::date)`;
  const day = (i: number) => sql`coalesce(sum(aw.${sql.identifier(`day${i}`)}) ${inWeek}, 0)`;
  const keep = q.fewPlayers ? 'week-totals' : false;
  return withPlanHints<WeekTotalsDbRow>(
    db,
    keep,
    (hint) => sql`
    select aw.currency,
      (sum(aw.net + aw.moved) - coalesce(sum(aw.net) ${inWeek}, 0))::bigint as carry,
      coalesce(sum(aw.payments) ${inWeek}, 0)::bigint as payments,
      coalesce(sum(aw.adjustments) ${inWeek}, 0)::bigint as adjustments,
      sum(aw.net + aw.moved)::bigint as ending,
      array[${day(0)}, ${day(1)}, ${day(2)}, ${day(3)}, ${day(4)}, ${day(5)}, ${day(6)}]::bigint[] as days
    from agent_weekly aw
    where aw.site_id = ${q.siteId} and aw.week_start <= ${q.monday}::date
      and aw.agent_id in (select descendant_id from agent_closure where ancestor_id = ${hint.key(q.agentId)})
    group by aw.currency
    -- One order whatever the plan (a hash aggregate on PostgreSQL returns groups in any order).
    order by aw.currency`,
  );
}

/**
 * A page of the week with the counts and totals the screen shows beside it. The counts come first:
 * they tell whether the subtree is small enough for kept plans. Then the page and the totals from
 * the agents' rollup, side by side on the pool.
 */
export async function selectWeekPage(db: Executor, q: WeekQuery, page?: WeekPage) {
  const counts = await selectWeekCounts(db, q, page?.search);
  const listed = { ...q, fewPlayers: counts.reduce((n, c) => n + c.players, 0) <= FEW_PLAYERS };
  const [rows, totals] = await Promise.all([
    selectWeeklyBalance(db, listed, page),
    selectWeekTotals(db, listed),
  ]);
  return { rows, counts, totals };
}

export async function selectPlayerDay(
  db: Executor,
  playerId: number,
  day: string,
): Promise<LedgerLineDbRow[]> {
  return queryRows<LedgerLineDbRow>(
    db,
    sql`
    select ${LEDGER_LINE_COLUMNS}
    from ledger where player_id = ${playerId} and day = ${day}::date
    order by created_at, id`,
  );
}
