// Closing line value computed in SQL, so a master's whole book aggregates where the rows are.
import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Executor } from '../../db/query.ts';
import type { PlayerDbColumns } from '../player-ref.ts';
import { sharpSql } from '../../risk/player-clv-repository.ts';

export interface BeatScope {
  agentId: number;
  from: Date;
  to: Date;
  playerId?: number | undefined;
  sport?: string | undefined;
}

import { CLV_SCORING } from '@backline/contract';

// The over side of a total, as the open book names sides (migration 0032's position_side).
const over = sql`position_side('total', wl.selection, '', '') = 'over'`;

/** Legs with a closing price: spread, total and money line, of wagers placed in the period. */
function legs(s: BeatScope): SQL {
  return sql`select w.id as wager_id, wl.id as leg_id, w.status = 'graded' as graded, w.graded_at,
      w.ticket, w.player_id, w.agent_id, w.risk, e.sport,
      e.home, e.away, wl.market, wl.selection, wl.line_taken::float8 as line_taken,
      wl.closing_line::float8 as closing_line, wl.odds_taken, wl.closing_odds,
      row_number() over (partition by w.id order by wl.id) = 1 as first_leg,
      case wl.market
        when 'spread' then (wl.line_taken - wl.closing_line)::float8
        when 'total' then (case when ${over}
          then wl.closing_line - wl.line_taken else wl.line_taken - wl.closing_line end)::float8
      end as clv_points,
      -- The price alone, where the line is the close's (a money line has none).
      case when wl.market = 'moneyline' or wl.line_taken = wl.closing_line
        then leg_clv_cents('moneyline', '', null, null, wl.odds_taken, wl.closing_odds, 0)
      end as clv_cents,
      -- One figure for every leg, in cents: the price beaten plus the points beaten at their worth.
      leg_clv_cents(wl.market, wl.selection, wl.line_taken, wl.closing_line, wl.odds_taken,
        wl.closing_odds, ${CLV_SCORING.CentsPerPoint}) as clv_score
    from agent_closure c
    join wagers w on w.agent_id = c.descendant_id and w.status <> 'deleted'
      and w.placed_at >= ${s.from.toISOString()}::timestamptz and w.placed_at < ${s.to.toISOString()}::timestamptz
    join wager_legs wl on wl.wager_id = w.id and wl.market in ('spread', 'total', 'moneyline')
      and wl.closing_odds is not null
    join events e on e.id = wl.event_id
    where c.ancestor_id = ${s.agentId}
      ${s.playerId !== undefined ? sql`and w.player_id = ${s.playerId}` : sql``}
      ${s.sport ? sql`and e.sport = ${s.sport}` : sql``}`;
}

// A leg whose line never closed has no value to compare: it did not beat the close (never null).
const beat = sql`coalesce(l.clv_points > 0 or (coalesce(l.clv_points, 0) = 0 and l.clv_cents > 0), false)`;

export interface BeatPlayerDbRow extends PlayerDbColumns {
  legs: number;
  beat: number;
  avg_points: number | null;
  avg_cents: number | null;
  risk: number;
  /** Mean clv_score of the player's last `lastLegs` graded legs; null without a graded leg. */
  score: number | null;
  score_legs: number;
  /** The wagers those legs belong to. */
  score_wagers: number;
  /** Sharp by the player's standing score (player_clv), whatever the period. */
  sharp: boolean;
}

export function selectBeatByPlayer(db: Executor, s: BeatScope, lastLegs: number) {
  return queryRows<BeatPlayerDbRow>(
    db,
    sql`with l as (${legs(s)}),
        recent as (
          select l.player_id, l.wager_id, l.clv_score,
            row_number() over (partition by l.player_id
              order by l.graded_at desc, l.wager_id desc, l.leg_id) as n
          from l where l.graded),
        scores as (
          select player_id, avg(clv_score) as score, count(*)::int as score_legs,
            count(distinct wager_id)::int as score_wagers
          from recent where n <= ${lastLegs} group by player_id)
        select l.player_id, p.login, p.name, p.agent_id, a.login as agent, p.currency,
          count(*)::int as legs, count(*) filter (where ${beat})::int as beat,
          sum(l.risk * l.clv_points) / nullif(sum(l.risk) filter (where l.clv_points is not null), 0) as avg_points,
          sum(l.risk * l.clv_cents) / nullif(sum(l.risk) filter (where l.clv_cents is not null), 0) as avg_cents,
          coalesce(sum(l.risk) filter (where l.first_leg), 0)::bigint as risk,
          min(sc.score) as score, coalesce(min(sc.score_legs), 0)::int as score_legs,
          coalesce(min(sc.score_wagers), 0)::int as score_wagers,
          bool_or(${sharpSql('pc')}) as sharp
        from l join players p on p.id = l.player_id join agents a on a.id = p.agent_id
        left join scores sc on sc.player_id = l.player_id
        left join player_clv pc on pc.player_id = l.player_id
        group by l.player_id, p.login, p.name, p.agent_id, a.login, p.currency
        order by p.login`,
  );
}

export interface BeatLegDbRow {
  wager_id: number;
  ticket: string;
  player_id: number;
  login: string;
  sport: string;
  home: string;
  away: string;
  market: string;
  selection: string;
  line_taken: number | null;
  closing_line: number | null;
  odds_taken: number;
  closing_odds: number | null;
  clv_points: number | null;
  clv_cents: number | null;
  beat: boolean;
  risk: number;
}

export function selectBeatLegs(db: Executor, s: BeatScope, limit: number) {
  return queryRows<BeatLegDbRow>(
    db,
    sql`with l as (${legs(s)})
        select l.wager_id, l.ticket, l.player_id, p.login, l.sport, l.home, l.away, l.market, l.selection,
          l.line_taken, l.closing_line, l.odds_taken, l.closing_odds, l.clv_points, l.clv_cents,
          ${beat} as beat, l.risk
        from l join players p on p.id = l.player_id
        order by l.wager_id desc limit ${limit}`,
  );
}
