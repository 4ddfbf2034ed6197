// SQL of the wager center: lists are paged and sorted in the database, totals cover the whole filter.
import { sql, type SQL } from 'drizzle-orm';
import type { SortDir, WagerSort } from '@backline/contract';
import { queryRows, type Db, type Executor } from '../../db/query.ts';
import { cursorRows } from '../../db/cursor.ts';
import { intArray } from '../../db/sql-arrays.ts';
import { keptPlanKey, plannedLimit, queryPrepared } from '../../db/plan-hints.ts';
import type { PlayerDbColumns } from '../player-ref.ts';
import { sharpSql } from '../../risk/player-clv-repository.ts';

export interface WagerConditions {
  siteId: number;
  agentId: number;
  playerId?: number | undefined;
  wagerType?: string | undefined;
  sport?: string | undefined;
  currency?: string | undefined;
  betResult?: string | undefined;
  /** Wagers with a leg on this game (position's drill-down). */
  eventId?: number | undefined;
}

export interface Order {
  sort: WagerSort;
  dir: SortDir;
  /**
   * A money column (of the currency in `currency`) as it ranks across currencies: converted into
   * one (reports/currency/ranking.ts). Without it, money sorts by the raw figures.
   */
  rank?: ((amount: SQL, currency: SQL) => SQL) | undefined;
}

export interface Paging extends Order {
  limit: number;
  offset: number;
}

export interface WagerDbRow extends PlayerDbColumns {
  id: number;
  ticket: string;
  placed_at: string;
  graded_at: string | null;
  wager_type: string;
  sport: string;
  description: string;
  risk: number;
  to_win: number;
  result: string;
  amount: number;
  free_play: boolean;
  status: string;
}

/** A row of a page: the wager with its legs. */
export interface WagerPageDbRow extends WagerDbRow {
  legs: LegDbRow[];
}

export interface TotalsDbRow {
  currency: string;
  count: number;
  risk: number;
  to_win: number;
  amount: number;
}

const ISO = sql.raw(`'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'`);

function where(c: WagerConditions): SQL {
  const parts: SQL[] = [sql`w.site_id = ${c.siteId}`];
  if (c.playerId !== undefined) parts.push(sql`w.player_id = ${c.playerId}`);
  if (c.wagerType) parts.push(sql`w.wager_type = ${c.wagerType}`);
  if (c.sport) parts.push(sql`w.sport = ${c.sport}`);
  if (c.currency) parts.push(sql`w.currency = ${c.currency}`);
  if (c.betResult) parts.push(sql`w.result = ${c.betResult}`);
  if (c.eventId !== undefined)
    parts.push(
      sql`exists (select 1 from wager_legs l where l.wager_id = w.id and l.event_id = ${c.eventId})`,
    );
  return sql.join(parts, sql` and `);
}

/**
 * Sort columns by name: `t` is the alias of the wager rows the order applies to, `players` the
 * alias the player's login comes from.
 */
function orderBy(p: Order, t: SQL, players: SQL): SQL {
  const plain =
    p.sort === 'player'
      ? sql`${players}.login`
      : sql`${t}.${sql.identifier(
          {
            placedAt: 'placed_at',
            gradedAt: 'graded_at',
            risk: 'risk',
            toWin: 'to_win',
            amount: 'amount',
            result: 'result',
          }[p.sort],
        )}`;
  const money = p.sort === 'risk' || p.sort === 'toWin' || p.sort === 'amount';
  const column = money && p.rank ? p.rank(plain, sql`${t}.currency`) : plain;
  const dir = p.dir === 'asc' ? sql`asc` : sql`desc`;
  return sql`${column} ${dir} nulls last, ${t}.id ${dir}`;
}

/**
 * The columns a list is sorted, cut and totalled by: all of them in the covering indexes
 * `wagers_open_agent_cover` and `wagers_agent_graded_cover`, so a desk's whole filter is read from
 * an index and only the rows of the page come from the table.
 */
const keyColumns = sql`w.id, w.placed_at, w.graded_at, w.currency, w.risk, w.to_win, w.result,
  w.player_id, w.agent_id, w.site_id`;

/**
 * Every column of the row as the API sends it: an export's list carries them from its source, so
 * its tens of thousands of rows need no second read of the wagers after the sort.
 */
const rowColumns = sql`w.id, w.ticket, w.placed_at, w.graded_at, w.wager_type, w.sport,
  w.description, w.risk, w.to_win, w.result, w.free_play, w.status, w.currency, w.player_id,
  w.agent_id, w.site_id`;

/** What a source gives: the key columns (a page) or the whole row (an export). */
type Width = 'key' | 'row';

/**
 * The row as the API sends it, from the wager `x`, its list entry `k` (the amount it posted), its
 * player `p` and agent `a`.
 */
const formatted = (x: SQL) => sql`${x}.id, ${x}.ticket,
  to_char(${x}.placed_at at time zone 'UTC', ${ISO}) as placed_at,
  to_char(${x}.graded_at at time zone 'UTC', ${ISO}) as graded_at,
  ${x}.wager_type, ${x}.sport, ${x}.description, ${x}.risk, ${x}.to_win, ${x}.result,
  k.amount::bigint as amount, ${x}.free_play, ${x}.status, ${x}.currency, ${x}.player_id, p.login,
  p.name, ${x}.agent_id, a.login as agent`;

/**
 * The list in order, from `source`, which gives each wager of the filter with the `amount` it
 * posted. A page's source gives the key columns: it is sorted and cut on those alone, and only the
 * rows left then meet their wager (with their legs), player and agent. An export's source gives
 * whole rows, which meet only their player and agent. Only a sort by player needs the players
 * before the cut.
 */
function listQuery(source: SQL, o: Order, page?: { limit: number; offset: number }) {
  const byPlayer = o.sort === 'player';
  const sorted = (
    extra: SQL,
    cut: SQL,
  ) => sql`(select w.*${byPlayer ? sql`, p.login` : sql``}${extra}
          from ${source} w
          ${byPlayer ? sql`join players p on p.id = w.player_id` : sql``}
          order by ${orderBy(o, sql`w`, sql`p`)} ${cut}) k`;
  if (!page) {
    return sql`select ${formatted(sql`k`)}
      from ${sorted(sql``, sql``)}
      join players p on p.id = k.player_id
      join agents a on a.id = k.agent_id
      order by ${orderBy(o, sql`k`, sql`p`)}`;
  }
  // A page carries its wagers' legs, so the screen needs no second round trip, and each row's
  // place in the list (`n`).
  const n = sql`, row_number() over (order by ${orderBy(o, sql`w`, sql`p`)}) as n`;
  return sql`select ${formatted(sql`x`)}, ${legsOf(sql`x.id`)} as legs, k.n
    from (select * from ${sorted(n, sql`limit ${page.limit} offset ${page.offset}`)}
          limit ${plannedLimit(page.limit)}) k
    join wagers x on x.id = k.id
    join players p on p.id = x.player_id
    join agents a on a.id = x.agent_id
    order by ${orderBy(o, sql`k`, sql`p`)}`;
}

/**
 * One page and the totals of the whole filter in one statement: the filter is read once, into
 * `s`, and both are computed from it. Rows come back as JSON in list order (`n`), legs included.
 */
async function selectPage(db: Executor, source: SQL, p: Paging) {
  // Prepared: a connection keeps its plan once it is as good as a fresh one (the database
  // decides); it was checked to hold for a desk's week and a whole book's (scripts/bench.ts).
  const [row] = await queryPrepared<{ totals: TotalsDbRow[]; rows: WagerPageDbRow[] }>(
    db,
    'wager-page',
    sql`with s as materialized (select * from ${source} w)
        select
          (select coalesce(json_agg(t order by t.currency), '[]'::json) from (
             select s.currency, count(*)::int as count, coalesce(sum(s.risk), 0)::bigint as risk,
               coalesce(sum(s.to_win), 0)::bigint as to_win,
               coalesce(sum(s.amount), 0)::bigint as amount
             from s group by s.currency) t) as totals,
          (select coalesce(json_agg(r order by r.n), '[]'::json)
           from (${listQuery(sql`s`, p, p)}) r) as rows`,
  );
  return row!;
}

/**
 * Open wagers `w` of the subtree: the from and where clauses. The agent comes as a subquery, so the
 * planner estimates every agent alike: the plan (agent by agent, each one's open wagers from the
 * index) is the same for a desk and a book, and a prepared page keeps it instead of planning anew.
 */
function openWagers(c: WagerConditions): SQL {
  return sql`agent_closure c
    join wagers w on w.agent_id = c.descendant_id and w.status = 'open'
    where c.ancestor_id = ${keptPlanKey(c.agentId)} and ${where(c)}`;
}

/** Open wagers of the subtree: key columns or whole rows, and nothing posted yet. */
const openSource = (c: WagerConditions, width: Width) =>
  sql`(select ${width === 'key' ? keyColumns : rowColumns}, 0::bigint as amount
       from ${openWagers(c)})`;

/** Open wagers of the subtree in list order, unpaged, for an export. */
export function openWagersQuery(c: WagerConditions, o: Order): SQL {
  return listQuery(openSource(c, 'row'), o);
}

/** `openWagersQuery` read a chunk at a time; `checkCount` may refuse before the first chunk. */
export function openWagersChunks(
  db: Db,
  c: WagerConditions,
  o: Order,
  read: { chunkSize: number; checkCount: (count: number) => void },
): AsyncGenerator<WagerDbRow[]> {
  return cursorRows<WagerDbRow>(db, openWagersQuery(c, o), read.chunkSize, read.checkCount);
}

/** A page of the subtree's open wagers, with the totals of all of them. */
export function selectOpenPage(db: Executor, c: WagerConditions, p: Paging) {
  return selectPage(db, openSource(c, 'key'), p);
}

export function selectOpenTotals(db: Executor, c: WagerConditions) {
  return queryRows<TotalsDbRow>(
    db,
    sql`select w.currency, count(*)::int as count, coalesce(sum(w.risk), 0)::bigint as risk,
          coalesce(sum(w.to_win), 0)::bigint as to_win, 0::bigint as amount
        from ${openSource(c, 'key')} w group by w.currency order by w.currency`,
  );
}

/**
 * Wagers whose grading entries (type 2) posted in [start, end], with what they posted there: a
 * regrade shows on its own day with the difference, and a void of a graded wager nets to zero.
 * So the day's sum equals the day's wager figure in the weekly balance.
 *
 * A wager graded once and never changed posted one grading entry, on its `graded_day`, of its
 * `amount`: it is in the range exactly when its graded day is, with that amount, and that is read
 * from the wagers alone (`wagers_agent_graded_amount_cover`, `wagers_site_graded_at`,
 * `wager_graded_daily`). Only a wager regraded or voided may have posted on other days or other
 * figures; each such change is recorded (`wager_changes`, in the same transaction) at or after the
 * grading it changed, so the wagers changed since shortly before the range are few, and theirs
 * are summed from the ledger one by one, from `ledger_wager_graded` (decision 014).
 */
function changedCtes(c: WagerConditions, start: string, end: string): SQL {
  // Two days before the range's first day at UTC midnight is before that day began in any zone.
  // A wager deleted while open was never graded and never will be, so it is in no graded list:
  // those deletions (most changes of a book) are left out. What each changed wager posted is read
  // once ("offset 0": not again for the filter on it).
  return sql`changed as materialized (
      select distinct wc.wager_id from agent_closure c
      join wager_changes wc on wc.agent_id = c.descendant_id and wc.site_id = ${c.siteId}
        and wc.changed_at >= (${start}::date - 2)::timestamp at time zone 'UTC'
        and wc.before->>'status' is distinct from 'open'
      where c.ancestor_id = ${c.agentId}
    ), cg as materialized (
      select p.id, p.posted from (
        select x.wager_id as id, ${postedIn(sql`x.wager_id`, start, end)} as posted from changed x
        offset 0
      ) p
      where p.posted is not null
    ), cw as materialized (
      select w.id, w.graded_at, w.currency, w.risk, w.to_win, w.amount, w.graded_day, cg.posted
      from ${changedInRange(c)}
    )`;
}

/** What the wager `id` posted on its gradings in [start, end] (`ledger_wager_graded`), or null. */
function postedIn(id: SQL, start: string, end: string): SQL {
  return sql`(select sum(l.amount) from ledger l
    where l.wager_id = ${id} and l.type = 2 and l.day between ${start}::date and ${end}::date)`;
}

/** Wagers graded once, in the range: those graded in it and not changed since it began. */
function gradedOnce(c: WagerConditions, start: string, end: string): SQL {
  return sql`w.graded_day between ${start}::date and ${end}::date and w.graded_at is not null
    and ${where(c)} and w.id not in (select x.wager_id from changed x)`;
}

/**
 * The changed wagers that posted in the range (`cg`), as `w` with what they posted there
 * (`cg.posted`); `cw` holds their key columns.
 */
const changedInRange = (c: WagerConditions) => sql`cg
    -- "offset 0" keeps this a lookup by primary key per changed wager.
    join lateral (select * from wagers w0 where w0.id = cg.id offset 0) w
      on w.graded_at is not null and ${where(c)}`;

function gradedSource(c: WagerConditions, start: string, end: string, width: Width): SQL {
  const columns = width === 'key' ? keyColumns : rowColumns;
  return sql`(
    with ${changedCtes(c, start, end)}
    select ${columns}, w.amount from agent_closure c
    join wagers w on w.agent_id = c.descendant_id
    where c.ancestor_id = ${c.agentId} and ${gradedOnce(c, start, end)}
    union all
    select ${columns}, cg.posted from ${changedInRange(c)}
  )`;
}

/**
 * Graded wagers of [start, end] in list order, unpaged, for an export. Walked (`exportWalks`), the
 * list by graded time is the walk of a page without its cut: the site's wagers graded once in that
 * order, merged with the changed ones, so its first row comes from the index at once instead of
 * after a sort of the whole range; otherwise the list is sorted.
 */
export function gradedWagersQuery(
  c: WagerConditions,
  start: string,
  end: string,
  o: Order,
  walk = false,
): SQL {
  if (!walk || o.sort !== 'gradedAt') return listQuery(gradedSource(c, start, end, 'row'), o);
  const order = walkOrder(o.dir);
  // Both parts are in list order and of the same column types (else the union is not merged), so
  // the database merges them as the walk reads its index; each
  // row then meets its player and agent by key ("offset 0" keeps the lookups per row), so the
  // rows leave in the walk's order as it reads them.
  return sql`with ${changedCtes(c, start, end)}
    select ${formatted(sql`k`)}
    from (
      (${walkedOnce(c, start, end, rowColumns)} order by ${order(sql`w`)})
      union all
      (select ${rowColumns}, cg.posted::bigint from ${changedInRange(c)} order by ${order(sql`w`)})
    ) k
    cross join lateral (select p.login, p.name from players p where p.id = k.player_id offset 0) p
    cross join lateral (select a.login from agents a where a.id = k.agent_id offset 0) a
    order by ${order(sql`k`)}`;
}

/** `gradedWagersQuery` read a chunk at a time. */
export function gradedWagersChunks(
  db: Db,
  q: { c: WagerConditions; start: string; end: string; o: Order; walk: boolean },
  chunkSize: number,
): AsyncGenerator<WagerDbRow[]> {
  return cursorRows<WagerDbRow>(db, gradedWagersQuery(q.c, q.start, q.end, q.o, q.walk), chunkSize);
}

/**
 * A page of the wagers graded in [start, end], with the totals of all of them. A page by graded
 * time of a list the rollup totals (no player, type, sport or result filter) is one statement: the
 * changed wagers, read once, correct the totals and merge into the walk, which runs when the list
 * has `walkFrom` wagers or more; a shorter list, or another order, is then sorted and cut.
 */
export async function selectGradedPage(
  db: Executor,
  c: WagerConditions,
  start: string,
  end: string,
  p: Paging,
  walkFrom = WALK_FROM,
): Promise<{ rows: WagerPageDbRow[]; totals: TotalsDbRow[] }> {
  if (p.sort === 'gradedAt' && rollupHolds(c)) {
    const [row] = await queryRows<{ totals: TotalsDbRow[]; rows: WagerPageDbRow[] | null }>(
      db,
      sql`with ${changedCtes(c, start, end)}, t as materialized (${rollupTotals(c, start, end)})
        select coalesce((select json_agg(t order by t.currency) from t), '[]'::json) as totals,
          case when (select coalesce(sum(t.count), 0) from t) >= ${walkFrom}::int then
            (select coalesce(json_agg(r order by r.n), '[]'::json) from (
               ${walkedPage(c, start, end, p)}) r)
          end as rows`,
    );
    const { totals, rows } = row!;
    const count = totals.reduce((n, t) => n + t.count, 0);
    if (rows) return { rows, totals };
    return { rows: count === 0 ? [] : await sortedRows(db, c, start, end, p), totals };
  }
  const totals = await selectGradedTotals(db, c, start, end);
  const count = totals.reduce((n, t) => n + t.count, 0);
  const rows = count === 0 ? [] : await selectGradedRows(db, c, start, end, p, count);
  return { rows, totals };
}

/** Whether the rollup holds a list's totals: it has no player, type, sport or result. */
const rollupHolds = (c: WagerConditions) =>
  c.playerId === undefined && !c.wagerType && !c.sport && !c.betResult;

/**
 * The totals by currency from the rollup (a few rows per agent and day) corrected by the changed
 * wagers that posted in the range (`cw`): out under their graded day, in as the ledger has them.
 * A changed wager counted in the rollup under a day of the range posted its grading in force on
 * that day (a grading's first entry is of type 2, on its graded day), so it is in `cw`.
 */
const rollupTotals = (c: WagerConditions, start: string, end: string) => sql`
  select t.currency, sum(t.count)::int as count, sum(t.risk)::bigint as risk,
    sum(t.to_win)::bigint as to_win, sum(t.amount)::bigint as amount
  from (
    select d.currency, d.count, d.risk, d.to_win, d.amount from agent_closure c
    join wager_graded_daily d on d.agent_id = c.descendant_id
      and d.day between ${start}::date and ${end}::date
    where c.ancestor_id = ${c.agentId} ${c.currency ? sql`and d.currency = ${c.currency}` : sql``}
    union all
    select cw.currency, -1, -cw.risk, -cw.to_win, -cw.amount from cw
    where cw.graded_day between ${start}::date and ${end}::date
    union all
    select cw.currency, 1, cw.risk, cw.to_win, cw.posted from cw
  ) t
  group by t.currency having sum(t.count) <> 0`;

/**
 * Totals of the wagers graded in [start, end] by currency. Without a filter the rollup lacks, a
 * sum over its rows corrected by the changed wagers (rollupTotals); otherwise a sum over the list
 * itself.
 */
export function selectGradedTotals(
  db: Executor,
  c: WagerConditions,
  start: string,
  end: string,
): Promise<TotalsDbRow[]> {
  if (!rollupHolds(c)) {
    return queryPrepared<TotalsDbRow>(
      db,
      'graded-totals-listed',
      sql`select s.currency, count(*)::int as count, coalesce(sum(s.risk), 0)::bigint as risk,
            coalesce(sum(s.to_win), 0)::bigint as to_win, coalesce(sum(s.amount), 0)::bigint as amount
          from ${gradedSource(c, start, end, 'key')} s group by s.currency order by s.currency`,
    );
  }
  // Prepared: one plan (the agents, then their days' rows by key) suits a desk and a book alike.
  return queryPrepared<TotalsDbRow>(
    db,
    'graded-totals',
    sql`with ${changedCtes(c, start, end)}
        select * from (${rollupTotals(c, start, end)}) t order by t.currency`,
  );
}

/**
 * From this many wagers in the range, a page by graded time walks the site's graded wagers in that
 * order (`wagers_site_graded_at`) until it holds the page, instead of sorting the whole range: the
 * walk passes over other subtrees' wagers, about (page end) x (site's wagers / these) of them.
 */
export const WALK_FROM = 5000;

/**
 * Whether an export of `count` wagers graded in [start, end] is read by walking the site's (see
 * gradedWagersQuery): by graded time, from WALK_FROM wagers, and when they are at least a quarter
 * of the site's in the range (the rollup's count), as the walk reads every one of those. A desk's
 * list is sorted instead, which takes a moment for its few rows.
 */
export async function exportWalks(
  db: Executor,
  c: WagerConditions,
  start: string,
  end: string,
  o: Order,
  count: number,
): Promise<boolean> {
  if (!walks(c, o, count)) return false;
  const [site] = await queryRows<{ count: number }>(
    db,
    sql`select coalesce(sum(d.count), 0)::bigint as count from agents a
        join wager_graded_daily d on d.agent_id = a.id
          and d.day between ${start}::date and ${end}::date
        where a.site_id = ${c.siteId}`,
  );
  return count * 4 >= site!.count;
}

/** Whether a list is read by walking it in graded order (see WALK_FROM). */
const walks = (c: WagerConditions, o: Order, count: number) =>
  o.sort === 'gradedAt' && count >= WALK_FROM && rollupHolds(c);

const walkOrder = (dir: Order['dir']) => {
  const d = dir === 'asc' ? sql`asc` : sql`desc`;
  return (t: SQL) => sql`${t}.graded_at ${d}, ${t}.id ${d}`;
};

/**
 * The subtree's wagers graded once in the range with `columns` and what they posted, read in
 * graded order from the site's (`wagers_site_graded_at`) with a probe of the subtree per wager.
 * A graded day is the day of `graded_at` in the zone of its posting, so the walk starts and ends
 * at instants around the range that hold it in any zone (two days out at UTC midnight), instead
 * of passing over every wager graded since (for last week, this week's).
 */
const walkedOnce = (c: WagerConditions, start: string, end: string, columns: SQL) =>
  sql`select ${columns}, w.amount from wagers w
    where w.site_id = ${c.siteId}
      and w.graded_at >= (${start}::date - 2)::timestamp at time zone 'UTC'
      and w.graded_at < (${end}::date + 3)::timestamp at time zone 'UTC'
      and ${gradedOnce(c, start, end)}
      -- "offset 0": a probe per wager walked, so the walk keeps its order.
      and exists (select 1 from agent_closure a where a.ancestor_id = ${c.agentId}
                  and a.descendant_id = w.agent_id offset 0)`;

/**
 * A page by graded time as the walk reads it, with legs and each row's place (`n`): the wagers
 * graded once up to the page's end, merged with the changed ones of the range (`cw`).
 */
function walkedPage(c: WagerConditions, start: string, end: string, p: Paging): SQL {
  const order = walkOrder(p.dir);
  return sql`select ${formatted(sql`x`)}, ${legsOf(sql`x.id`)} as legs,
      row_number() over (order by ${order(sql`k`)}) as n
    from (
      select k.* from (
        (${walkedOnce(c, start, end, sql`w.id, w.graded_at`)}
         order by ${order(sql`w`)} limit ${p.offset + p.limit})
        union all
        select cw.id, cw.graded_at, cw.posted from cw
      ) k order by ${order(sql`k`)} limit ${p.limit} offset ${p.offset}
    ) k
    join wagers x on x.id = k.id
    join players p on p.id = x.player_id
    join agents a on a.id = x.agent_id`;
}

/** A page of the wagers graded in [start, end], sorted and cut. */
const sortedRows = (db: Executor, c: WagerConditions, start: string, end: string, p: Paging) =>
  queryPrepared<WagerPageDbRow>(
    db,
    'graded-rows',
    listQuery(gradedSource(c, start, end, 'key'), p, p),
  );

/**
 * The rows of a page of the wagers graded in [start, end] (`count` of them), with their legs. By
 * graded time and for a large list, a walk in that order over the wagers graded once, merged with
 * the changed ones; otherwise the list is sorted and cut.
 */
export async function selectGradedRows(
  db: Executor,
  c: WagerConditions,
  start: string,
  end: string,
  p: Paging,
  count: number,
): Promise<WagerPageDbRow[]> {
  if (!walks(c, p, count)) return sortedRows(db, c, start, end, p);
  return queryRows<WagerPageDbRow>(
    db,
    sql`with ${changedCtes(c, start, end)}
      select r.* from (${walkedPage(c, start, end, p)}) r order by r.n`,
  );
}

export interface OpenSummaryDbRow {
  key: string;
  player_id: number | null;
  login: string | null;
  name: string | null;
  agent_id: number | null;
  agent: string | null;
  currency: string;
  count: number;
  risk: number;
  to_win: number;
}

export function selectOpenSummary(db: Executor, c: WagerConditions) {
  return queryRows<OpenSummaryDbRow>(
    db,
    sql`with o as (select w.* from ${openWagers(c)})
        select 'player' as key, o.player_id, p.login, p.name, o.agent_id, a.login as agent, o.currency,
          count(*)::int as count, sum(o.risk)::bigint as risk, sum(o.to_win)::bigint as to_win
        from o join players p on p.id = o.player_id join agents a on a.id = o.agent_id
        group by o.player_id, p.login, p.name, o.agent_id, a.login, o.currency
        union all
        select o.sport as key, null, null, null, null, null, o.currency,
          count(*)::int, sum(o.risk)::bigint, sum(o.to_win)::bigint
        from o group by o.sport, o.currency`,
  );
}

export interface LegDbRow {
  id: number;
  wager_id: number;
  sport: string;
  home: string;
  away: string;
  starts_at: string;
  market: string;
  selection: string;
  line_taken: string | null;
  odds_taken: number;
  closing_line: string | null;
  closing_odds: number | null;
  result: string;
  event_id: number;
  home_score: number | null;
  away_score: number | null;
  event_status: string;
}

const legColumns = sql`wl.id, wl.wager_id, e.sport, e.home, e.away,
  to_char(e.starts_at at time zone 'UTC', ${ISO}) as starts_at, wl.market, wl.selection,
  wl.line_taken::text, wl.odds_taken, wl.closing_line::text, wl.closing_odds, wl.result,
  e.id as event_id, e.home_score, e.away_score, e.status as event_status`;

/** The legs of wager `id` as a JSON array of LegDbRow, in leg order. */
function legsOf(id: SQL): SQL {
  return sql`coalesce((select json_agg(l order by l.id) from (
      select ${legColumns} from wager_legs wl join events e on e.id = wl.event_id
      where wl.wager_id = ${id}) l), '[]'::json)`;
}

export function selectLegs(db: Executor, wagerIds: number[]) {
  if (wagerIds.length === 0) return Promise.resolve([] as LegDbRow[]);
  return queryRows<LegDbRow>(
    db,
    sql`select ${legColumns}
        from wager_legs wl join events e on e.id = wl.event_id
        where wl.wager_id in (${sql.join(
          wagerIds.map((id) => sql`${id}`),
          sql`, `,
        )})
        order by wl.wager_id, wl.id`,
  );
}

/** One wager if it lies in the caller's subtree and site. */
export async function selectWagerInTree(
  db: Executor,
  siteId: number,
  agentId: number,
  wagerId: number,
) {
  const [row] = await queryRows<WagerDbRow & { in_tree: boolean }>(
    db,
    sql`select ${formatted(sql`x`)},
          exists (select 1 from agent_closure c where c.ancestor_id = ${agentId} and c.descendant_id = x.agent_id) as in_tree
        from wagers x cross join lateral (select x.amount) k
        join players p on p.id = x.player_id join agents a on a.id = x.agent_id
        where x.id = ${wagerId} and x.site_id = ${siteId}`,
  );
  return row ?? null;
}

export interface ChangeDbRow extends PlayerDbColumns {
  id: number;
  wager_id: number;
  ticket: string;
  status: string;
  changed_at: string;
  changed_by: string;
  reason: string;
  before: Record<string, unknown>;
  after: Record<string, unknown>;
  amount: number;
}

export function selectChanges(
  db: Executor,
  q: { agentId: number; from: Date; to: Date; status?: string | undefined },
) {
  return queryRows<ChangeDbRow>(
    db,
    sql`select wc.id, wc.wager_id, w.ticket, wc.status,
          to_char(wc.changed_at at time zone 'UTC', ${ISO}) as changed_at, wc.changed_by, wc.reason,
          wc.before, wc.after, wc.amount, wc.player_id, p.login, p.name, wc.agent_id, a.login as agent,
          p.currency
        from agent_closure c
        join wager_changes wc on wc.agent_id = c.descendant_id
          and wc.changed_at >= ${q.from.toISOString()}::timestamptz and wc.changed_at < ${q.to.toISOString()}::timestamptz
        join wagers w on w.id = wc.wager_id
        join players p on p.id = wc.player_id
        join agents a on a.id = wc.agent_id
        where c.ancestor_id = ${q.agentId} ${q.status ? sql`and wc.status = ${q.status}` : sql``}
        order by wc.changed_at desc, wc.id desc`,
  );
}

export async function currencyCodeOf(db: Executor, idCurrency: number): Promise<string | null> {
  const [row] = await queryRows<{ code: string }>(
    db,
    // As int: the column is a smallint, and an id past its range must find nothing, not fail.
    sql`select code from currencies where id = ${idCurrency}::int`,
  );
  return row?.code ?? null;
}

/** Which of these players' CLV score is sharp (player_clv, decision 034). */
export async function selectSharpPlayers(db: Executor, playerIds: readonly number[]) {
  if (playerIds.length === 0) return new Set<number>();
  const rows = await queryRows<{ player_id: number }>(
    db,
    sql`select c.player_id from player_clv c
        where c.player_id = any(${intArray(playerIds)}) and ${sharpSql('c')}`,
  );
  return new Set(rows.map((r) => r.player_id));
}
