// The ledger's invariants as SQL, each counting the rows that break it: the seed test, the service
// test and the bench all run the same checks against whatever the database holds.
import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Executor } from '../db/query.ts';
import { auditHeadBreaks, auditRowBreaks } from '../security/audit-chain.ts';

const CHECKS: Record<string, SQL> = {
  balanceIsSumOfRealEntries: sql`
    select count(*) as n from players p
    left join (select player_id, sum(amount) filter (where type <> 4) as real,
                      sum(amount) filter (where type = 4) as free
               from ledger group by player_id) l on l.player_id = p.id
    where p.balance <> coalesce(l.real, 0) or p.free_play_balance <> coalesce(l.free, 0)`,
  balanceAfterIsRunningSum: sql`
    select count(*) as n from (
      select balance_after, free_play_after,
        sum(amount) filter (where type <> 4) over w as real,
        sum(amount) filter (where type = 4) over w as free
      from ledger window w as (partition by player_id order by created_at, id)
    ) x where balance_after <> coalesce(real, 0) or free_play_after <> coalesce(free, 0)`,
  weeklyEndingIsCarryPlusFigures: sql`
    select count(*) as n from player_weekly
    where ending <> carry + sports + casino + horses + rbl + payments + adjustments
       or payments <> receipts + disbursements`,
  weeklyEndingIsNextCarry: sql`
    select count(*) as n from (
      select ending, lead(carry) over (partition by player_id order by week_start) as next_carry
      from player_weekly
    ) x where next_carry is not null and next_carry <> ending`,
  dailySumsAreWeekly: sql`
    select count(*) as n from player_weekly w
    left join (
      select player_id, date_trunc('week', day::timestamp)::date as week_start,
        sum(sports) as sports, sum(casino) as casino, sum(horses) as horses, sum(rbl) as rbl,
        sum(payments) as payments, sum(receipts) as receipts, sum(disbursements) as disbursements,
        sum(adjustments) as adjustments, sum(free_play) as free_play, sum(entries) as entries
      from player_daily group by 1, 2
    ) d on d.player_id = w.player_id and d.week_start = w.week_start
    -- A week without entries (a move's, decision 021) has no days.
    where (d.player_id is null and w.entries <> 0) or (w.sports, w.casino, w.horses, w.rbl, w.payments, w.receipts,
      w.disbursements, w.adjustments, w.free_play, w.entries)
      <> (d.sports, d.casino, d.horses, d.rbl, d.payments, d.receipts, d.disbursements,
          d.adjustments, d.free_play, d.entries)`,
  weekDaysAreDailyWinLoss: sql`
    select count(*) as n from player_weekly w
    left join (
      select player_id, date_trunc('week', day::timestamp)::date as week_start,
        coalesce(sum(sports + casino + horses + rbl) filter (where extract(isodow from day) = 1), 0) as d0,
        coalesce(sum(sports + casino + horses + rbl) filter (where extract(isodow from day) = 2), 0) as d1,
        coalesce(sum(sports + casino + horses + rbl) filter (where extract(isodow from day) = 3), 0) as d2,
        coalesce(sum(sports + casino + horses + rbl) filter (where extract(isodow from day) = 4), 0) as d3,
        coalesce(sum(sports + casino + horses + rbl) filter (where extract(isodow from day) = 5), 0) as d4,
        coalesce(sum(sports + casino + horses + rbl) filter (where extract(isodow from day) = 6), 0) as d5,
        coalesce(sum(sports + casino + horses + rbl) filter (where extract(isodow from day) = 7), 0) as d6
      from player_daily group by 1, 2
    ) d on d.player_id = w.player_id and d.week_start = w.week_start
    where (w.day0, w.day1, w.day2, w.day3, w.day4, w.day5, w.day6)
      <> (d.d0, d.d1, d.d2, d.d3, d.d4, d.d5, d.d6)`,
  agentWeeksAreSumsOfPlayerWeeks: sql`
    select count(*) as n from agent_weekly a
    full join (
      select w.agent_id, w.week_start, p.currency, sum(w.sports) as sports, sum(w.casino) as casino,
        sum(w.horses) as horses, sum(w.rbl) as rbl, sum(w.payments) as payments,
        sum(w.receipts) as receipts, sum(w.disbursements) as disbursements,
        sum(w.adjustments) as adjustments, sum(w.free_play) as free_play, sum(w.entries) as entries,
        sum(w.day0) as day0, sum(w.day1) as day1, sum(w.day2) as day2, sum(w.day3) as day3,
        sum(w.day4) as day4, sum(w.day5) as day5, sum(w.day6) as day6,
        sum(w.ending - w.carry) as net
      from player_weekly w join players p on p.id = w.player_id group by 1, 2, 3
    ) s on s.agent_id = a.agent_id and s.week_start = a.week_start and s.currency = a.currency
    -- An agent's week with no player rows left (its players moved away) holds only zeros.
    where a.agent_id is null
       or (a.sports, a.casino, a.horses, a.rbl, a.payments, a.receipts, a.disbursements,
           a.adjustments, a.free_play, a.entries, a.day0, a.day1, a.day2, a.day3, a.day4, a.day5,
           a.day6, a.net)
       is distinct from (coalesce(s.sports, 0), coalesce(s.casino, 0), coalesce(s.horses, 0),
           coalesce(s.rbl, 0), coalesce(s.payments, 0), coalesce(s.receipts, 0),
           coalesce(s.disbursements, 0), coalesce(s.adjustments, 0), coalesce(s.free_play, 0),
           coalesce(s.entries, 0), coalesce(s.day0, 0), coalesce(s.day1, 0), coalesce(s.day2, 0),
           coalesce(s.day3, 0), coalesce(s.day4, 0), coalesce(s.day5, 0), coalesce(s.day6, 0),
           coalesce(s.net, 0))`,
  agentMovedIsPlayersMoves: sql`
    select count(*) as n from (
      select agent_id, week_start, currency, moved from agent_weekly where moved <> 0
    ) a
    full join (
      select agent_id, week_start, currency, sum(carry) as moved from (
        select to_agent_id as agent_id, week_start, currency, carry from player_moves
        union all
        select from_agent_id, week_start, currency, -carry from player_moves
      ) x group by 1, 2, 3 having sum(carry) <> 0
    ) s on s.agent_id = a.agent_id and s.week_start = a.week_start and s.currency = a.currency
    where a.moved is distinct from s.moved`,
  playerWeeksAreTheirMovesAgents: sql`
    select count(*) as n from player_weekly w
    join lateral (select m.to_agent_id from player_moves m
                  where m.player_id = w.player_id and m.week_start <= w.week_start
                  order by m.week_start desc, m.id desc limit 1) m on true
    where w.agent_id <> m.to_agent_id`,
  agentPlayerCountsMatchPlayers: sql`
    select count(*) as n from agent_players ap
    full join (
      select agent_id, currency, count(*) filter (where active) as active,
        count(*) filter (where not active) as inactive
      from players group by 1, 2
    ) p on p.agent_id = ap.agent_id and p.currency = ap.currency
    where (coalesce(ap.active, 0), coalesce(ap.inactive, 0))
      <> (coalesce(p.active, 0), coalesce(p.inactive, 0))`,
  lastWeekIsLatestWeeklyRow: sql`
    select count(*) as n from players p
    left join (select player_id, max(week_start) as last from player_weekly group by 1) w
      on w.player_id = p.id
    where p.last_week is distinct from w.last`,
  rollupsMatchLedger: sql`
    select count(*) as n from player_daily d
    full join (
      select player_id, day, count(*) as entries, sum(amount) filter (where type = 2) as sports,
        sum(amount) filter (where type = 1) as payments, sum(amount) filter (where type = 4) as free_play
      from ledger group by 1, 2
    ) l on l.player_id = d.player_id and l.day = d.day
    where d.player_id is null or l.player_id is null or d.entries <> l.entries
       or d.sports <> coalesce(l.sports, 0) or d.payments <> coalesce(l.payments, 0)
       or d.free_play <> coalesce(l.free_play, 0)`,
  dailyClosingIsLastBalance: sql`
    select count(*) as n from player_daily d
    join lateral (select balance_after from ledger l where l.player_id = d.player_id and l.day = d.day
                  order by created_at desc, id desc limit 1) l on true
    where d.closing <> l.balance_after`,
  atRiskIsOpenRealRisk: sql`
    select count(*) as n from players p
    left join (select player_id, sum(risk) as risk from wagers
               where status = 'open' and not free_play group by player_id) w on w.player_id = p.id
    where p.at_risk <> coalesce(w.risk, 0)`,
  voidedWagersNetZero: sql`
    select count(*) as n from (
      select w.id from wagers w join ledger l on l.wager_id = w.id
      where w.status = 'deleted' group by w.id, l.type having sum(l.amount) <> 0
    ) x`,
  gradedWagersMatchLedger: sql`
    select count(*) as n from (
      select w.id from wagers w left join ledger l on l.wager_id = w.id and l.type = 2
      where w.status = 'graded' group by w.id, w.amount having coalesce(sum(l.amount), 0) <> w.amount
    ) x`,
  // The open book by side (decision 034) is the sum over the legs of open wagers.
  openExposureIsOpenWagers: sql`
    select count(*) as n from (select * from open_exposure
      where wagers <> 0 or risk <> 0 or to_win <> 0 or free_play_risk <> 0) x
    full join (
      select l.event_id, l.market, position_prop(l.market, l.selection) as prop,
        position_side(l.market, l.selection, e.home, e.away) as side, w.agent_id, w.currency,
        w.wager_type in ('parlay', 'teaser', 'ifbet', 'reverse', 'roundrobin') as multi,
        count(*) as wagers, sum(w.risk) as risk, sum(w.to_win) as to_win,
        sum(case when w.free_play then w.risk else 0 end) as free_play_risk
      from wagers w join wager_legs l on l.wager_id = w.id join events e on e.id = l.event_id
      where w.status = 'open' group by 1, 2, 3, 4, 5, 6, 7
    ) o using (event_id, market, prop, side, agent_id, currency, multi)
    where (x.wagers, x.risk, x.to_win, x.free_play_risk)
      is distinct from (o.wagers, o.risk, o.to_win, o.free_play_risk)`,
  // A site's whole open book is the sum of its agents'.
  openExposureSiteIsAgentsSum: sql`
    select count(*) as n from (select * from open_exposure_site
      where wagers <> 0 or risk <> 0 or to_win <> 0 or free_play_risk <> 0) s
    full join (
      select site_id, event_id, market, prop, side, currency, multi, sum(wagers) as wagers,
        sum(risk) as risk, sum(to_win) as to_win, sum(free_play_risk) as free_play_risk
      from open_exposure group by 1, 2, 3, 4, 5, 6, 7
      having sum(wagers) <> 0 or sum(risk) <> 0 or sum(to_win) <> 0 or sum(free_play_risk) <> 0
    ) a using (site_id, event_id, market, prop, side, currency, multi)
    where (s.wagers, s.risk, s.to_win, s.free_play_risk)
      is distinct from (a.wagers, a.risk, a.to_win, a.free_play_risk)`,
  // The hold report's rollup is the sum over graded wagers, under their first leg's league.
  holdDailyIsGradedWagers: sql`
    select count(*) as n from (select * from wager_hold_daily
      where count <> 0 or risk <> 0 or amount <> 0) h
    full join (
      select w.agent_id, w.graded_day as day, w.currency, w.sport, f.league,
        count(*) as count, sum(w.risk) as risk, sum(w.amount) as amount
      from wagers w
      join lateral (select e.league from wager_legs l join events e on e.id = l.event_id
                    where l.wager_id = w.id order by l.id limit 1) f on true
      where w.status = 'graded' and w.graded_day is not null group by 1, 2, 3, 4, 5
    ) g using (agent_id, day, currency, sport, league)
    where (h.count, h.risk, h.amount) is distinct from (g.count, g.risk, g.amount)`,
  // The audit log's hash chains hold: no row edited, removed or moved, every head on its last row.
  auditChainIsIntact: sql`
    select (select count(*) from (${auditRowBreaks()}) r)
         + (select count(*) from (${auditHeadBreaks()}) h) as n`,
};

export type InvariantName = keyof typeof CHECKS;

/** Rows breaking each invariant; all zeros when the ledger is sound. */
export async function countLedgerViolations(ex: Executor): Promise<Record<InvariantName, number>> {
  const result: Record<string, number> = {};
  for (const [name, query] of Object.entries(CHECKS)) {
    const [row] = await queryRows<{ n: number | string }>(ex, query);
    result[name] = Number(row!.n);
  }
  return result;
}
