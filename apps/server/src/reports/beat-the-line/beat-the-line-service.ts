// Beat the line: how often and by how much a player's prices beat the close, weighted by risk, and
// each player's CLV score over its latest graded legs, ranked only over a meaningful sample.
import {
  addDays,
  CLV_SCORING,
  clvStanding,
  startOfDayUtc,
  type Sport,
  type api,
  type ParsedBodyOf,
} from '@backline/contract';
import type { AgentAuth } from '../../auth/auth-context.ts';
import { agentInScope, playerInScope } from '../../agents/scope.ts';
import { resolvePeriod } from '../period.ts';
import type { Executor } from '../../db/query.ts';
import {
  selectBeatByPlayer,
  selectBeatLegs,
  type BeatPlayerDbRow,
  type BeatScope,
} from './beat-the-line-repository.ts';
import { playerRef } from '../player-ref.ts';
import type { ReportDeps } from '../report-module.ts';

const MAX_LEGS = 500;
const round = (v: number | null, digits: number) =>
  v === null ? null : Math.round(Number(v) * 10 ** digits) / 10 ** digits;

/** A player's CLV score as the report gives it: rounded, and ranked only over enough graded legs. */
function scoreOf(p: Pick<BeatPlayerDbRow, 'score' | 'score_legs' | 'score_wagers'>) {
  const score = round(p.score, 1);
  return { score, legs: p.score_legs, ...clvStanding(score, p.score_legs, p.score_wagers) };
}

/**
 * One player's CLV score over the wagers placed in [from, to) within the agent's subtree: the
 * figure this report shows for the player, for another screen (the player's analysis).
 */
export async function playerClvScore(db: Executor, scope: BeatScope & { playerId: number }) {
  const [row] = await selectBeatByPlayer(db, scope, CLV_SCORING.LastLegs);
  return scoreOf(row ?? { score: null, score_legs: 0, score_wagers: 0 });
}

export function createBeatTheLineService({ db, now }: Pick<ReportDeps, 'db' | 'now'>) {
  async function beatTheLine(auth: AgentAuth, req: ParsedBodyOf<typeof api.getBeatTheLineFrame>) {
    const agent = await agentInScope(db, auth, req.idAgent);
    if (req.idPlayer !== undefined) await playerInScope(db, auth, req.idPlayer);
    const range = resolvePeriod(auth.timeZone, req, now());
    const scope = {
      agentId: agent.id,
      from: startOfDayUtc(range.StartDate, auth.timeZone),
      to: startOfDayUtc(addDays(range.EndDate, 1), auth.timeZone),
      playerId: req.idPlayer,
      sport: req.sport,
    };
    const [players, legs] = await Promise.all([
      selectBeatByPlayer(db, scope, CLV_SCORING.LastLegs),
      req.idPlayer !== undefined ? selectBeatLegs(db, scope, MAX_LEGS) : Promise.resolve([]),
    ]);
    const listed = players.map((p) => {
      const { score, ranked } = scoreOf(p);
      return {
        ...playerRef(p),
        Legs: p.legs,
        Beat: p.beat,
        BeatRate: p.legs ? Math.round((p.beat / p.legs) * 1000) / 1000 : 0,
        AvgClvPoints: round(p.avg_points, 2),
        AvgClvCents: round(p.avg_cents, 1),
        Risk: p.risk,
        Score: score,
        ScoreLegs: p.score_legs,
        ScoreWagers: p.score_wagers,
        Sharp: p.sharp,
        ranked,
      };
    });
    // Ranked players by score (ties: more legs, then login); the rest after them, most legs first.
    listed.sort((a, b) =>
      a.ranked !== b.ranked
        ? a.ranked
          ? -1
          : 1
        : (a.ranked ? b.Score! - a.Score! : 0) ||
          b.ScoreLegs - a.ScoreLegs ||
          b.Legs - a.Legs ||
          a.Player.localeCompare(b.Player),
    );
    const rows = listed
      .map(({ ranked, ...p }, i) => ({ ...p, Rank: ranked ? i + 1 : null }))
      // Beaters: ranked players whose score beats the close.
      .filter((p) => !req.beatersOnly || (p.Rank !== null && p.Score! > 0));
    return {
      ...range,
      Scoring: CLV_SCORING,
      Players: rows,
      Legs: legs.map((l) => ({
        IdWager: l.wager_id,
        Ticket: l.ticket,
        IdPlayer: l.player_id,
        Player: l.login,
        Sport: l.sport as Sport,
        Event: `${l.away} @ ${l.home}`,
        Market: l.market,
        Selection: l.selection,
        LineTaken: l.line_taken,
        ClosingLine: l.closing_line,
        OddsTaken: l.odds_taken,
        ClosingOdds: l.closing_odds,
        ClvPoints: round(l.clv_points, 2),
        ClvCents: round(l.clv_cents, 1),
        Beat: l.beat,
        Risk: l.risk,
      })),
    };
  }
  return { beatTheLine };
}

export type BeatTheLineService = ReturnType<typeof createBeatTheLineService>;
