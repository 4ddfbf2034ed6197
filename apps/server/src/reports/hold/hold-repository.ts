// SQL of the hold report: graded wagers' count, risk and settled amount per currency, read from the
// graded-day rollup (wager_hold_daily, decision 034) by sport, league, agent and week, and from the
// wagers themselves by player (the rollup has no player).
import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Executor } from '../../db/query.ts';
import { intArray } from '../../db/sql-arrays.ts';

export interface HoldScope {
  agentId: number;
  /** Graded days, inclusive, as the site's calendar names them. */
  startDate: string;
  endDate: string;
  sport?: string | undefined;
}

/** Count, risk and the players' settled result (their side) of one group in one currency. */
export interface HoldSumsDbRow {
  currency: string;
  wagers: number;
  risk: number;
  amount: number;
}

const sums = (t: string) =>
  sql.raw(`sum(${t}.count)::int as wagers, sum(${t}.risk)::bigint as risk,
    sum(${t}.amount)::bigint as amount`);

/** The rollup's rows of an agent's whole subtree over the days (and sport) of `s`. */
function subtreeRollup(s: HoldScope): SQL {
  return sql`agent_closure c
    join wager_hold_daily h on h.agent_id = c.descendant_id
      and h.day between ${s.startDate}::date and ${s.endDate}::date
      ${s.sport ? sql`and h.sport = ${s.sport}` : sql``}
    where c.ancestor_id = ${s.agentId}`;
}

export function selectHoldBySport(db: Executor, s: HoldScope) {
  return queryRows<HoldSumsDbRow & { sport: string }>(
    db,
    sql`select h.sport, h.currency, ${sums('h')} from ${subtreeRollup(s)}
        group by h.sport, h.currency`,
  );
}

export function selectHoldByLeague(db: Executor, s: HoldScope) {
  return queryRows<HoldSumsDbRow & { sport: string; league: string }>(
    db,
    sql`select h.sport, h.league, h.currency, ${sums('h')} from ${subtreeRollup(s)}
        group by h.sport, h.league, h.currency`,
  );
}

/** Per Monday of the graded day (date_trunc's weeks start on Monday). */
export function selectHoldByWeek(db: Executor, s: HoldScope) {
  return queryRows<HoldSumsDbRow & { week: string }>(
    db,
    sql`select to_char(date_trunc('week', h.day), 'YYYY-MM-DD') as week, h.currency, ${sums('h')}
        from ${subtreeRollup(s)}
        group by 1, h.currency`,
  );
}

export interface HoldAgentDbRow extends HoldSumsDbRow {
  agent_id: number;
  login: string;
  name: string;
  own: boolean;
}

/**
 * Each direct sub-agent of the agent with its whole subtree, and the agent's own players (`own`);
 * every agent with a row in the rollup over the days, whatever its figures.
 */
export function selectHoldByAgent(db: Executor, s: HoldScope) {
  const days = sql`h.day between ${s.startDate}::date and ${s.endDate}::date
    ${s.sport ? sql`and h.sport = ${s.sport}` : sql``}`;
  return queryRows<HoldAgentDbRow>(
    db,
    sql`select x.agent_id, a.login, a.name, x.own, x.currency, x.wagers, x.risk, x.amount
        from (
          select ch.id as agent_id, false as own, h.currency, ${sums('h')}
          from agents ch
          join agent_closure c on c.ancestor_id = ch.id
          join wager_hold_daily h on h.agent_id = c.descendant_id and ${days}
          where ch.parent_id = ${s.agentId}
          group by ch.id, h.currency
          union all
          select ${s.agentId}::int, true, h.currency, ${sums('h')}
          from wager_hold_daily h
          where h.agent_id = ${s.agentId} and ${days}
          group by h.currency
        ) x
        join agents a on a.id = x.agent_id`,
  );
}

export interface HoldPlayerDbRow extends HoldSumsDbRow {
  player_id: number;
}

/**
 * Each player's graded wagers in the subtree over the days, straight from the wagers: the rollup's
 * own rule (status graded, so a voided one counts nowhere; its agent and graded day), so the players
 * add up to the rollup's figures. Every wager has a leg (placing one without is refused), which is
 * all the rollup's first-leg join asks. Without a sport, a wager's graded day alone (set when graded,
 * kept when voided) finds the graded and the voided in the covering index, no row of the table
 * read; the few voided ones, found by their status, are taken back out.
 */
export function selectHoldByPlayer(db: Executor, s: HoldScope) {
  const subtree = (status: SQL) => sql`agent_closure c
    join wagers w on w.agent_id = c.descendant_id ${status}
      and w.graded_day between ${s.startDate}::date and ${s.endDate}::date
    where c.ancestor_id = ${s.agentId}
    group by w.player_id, w.currency`;
  const cells = sql.raw(`w.player_id, w.currency`);
  if (s.sport) {
    return queryRows<HoldPlayerDbRow>(
      db,
      sql`select ${cells}, count(*)::int as wagers, sum(w.risk)::bigint as risk,
            sum(w.amount)::bigint as amount
          from ${subtree(sql`and w.status = 'graded' and w.sport = ${s.sport}`)}`,
    );
  }
  return queryRows<HoldPlayerDbRow>(
    db,
    sql`select x.player_id, x.currency, sum(x.wagers)::int as wagers, sum(x.risk)::bigint as risk,
          sum(x.amount)::bigint as amount
        from (
          select ${cells}, count(*) as wagers, sum(w.risk) as risk, sum(w.amount) as amount
          from ${subtree(sql``)}
          union all
          select ${cells}, -count(*), -sum(w.risk), -sum(w.amount)
          from ${subtree(sql`and w.status = 'deleted'`)}
        ) x
        group by x.player_id, x.currency
        having sum(x.wagers) <> 0`,
  );
}

/** The login, name and agent of the players a report shows. */
export function selectHoldPlayers(db: Executor, ids: readonly number[]) {
  return queryRows<{ id: number; login: string; name: string; agent: string }>(
    db,
    sql`select p.id, p.login, p.name, a.login as agent
        from players p join agents a on a.id = p.agent_id
        where p.id = any(${intArray(ids)})`,
  );
}
