// Beat the line: how often and by how much a player's prices beat the close, weighted by risk.
import { addDays, startOfDayUtc, type Sport } from '@backline/contract';
import type { Db } from '../../db/client.ts';
import type { Auth } from '../../auth/auth-context.ts';
import { agentInScope, playerInScope } from '../../agents/scope.ts';
import { resolvePeriod } from '../period.ts';
import { selectBeatByPlayer, selectBeatLegs } from './beat-the-line-repository.ts';

/** A "beater" beats the close on most of a meaningful sample of legs. */
export const BEATER_MIN_LEGS = 5;
export const BEATER_MIN_RATE = 0.5;
const MAX_LEGS = 500;
const round = (v: number | null, digits: number) =>
  v === null ? null : Math.round(Number(v) * 10 ** digits) / 10 ** digits;

export function createBeatTheLineService({
  db,
  now = () => new Date(),
}: {
  db: Db;
  now?: () => Date;
}) {
  async function beatTheLine(
    auth: Auth,
    req: {
      idAgent?: number | undefined;
      idPlayer?: number | undefined;
      period?: number | undefined;
      startDate?: string | undefined;
      endDate?: string | undefined;
      beatersOnly?: boolean | undefined;
      sport?: string | undefined;
    },
  ) {
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
      selectBeatByPlayer(db, scope),
      req.idPlayer !== undefined ? selectBeatLegs(db, scope, MAX_LEGS) : Promise.resolve([]),
    ]);
    const rows = players
      .map((p) => ({
        IdPlayer: p.player_id,
        Player: p.login,
        Name: p.name,
        IdAgent: p.agent_id,
        Agent: p.agent,
        Currency: p.currency,
        Legs: p.legs,
        Beat: p.beat,
        BeatRate: p.legs ? Math.round((p.beat / p.legs) * 1000) / 1000 : 0,
        AvgClvPoints: round(p.avg_points, 2),
        AvgClvCents: round(p.avg_cents, 1),
        Risk: p.risk,
      }))
      .filter(
        (p) => !req.beatersOnly || (p.Legs >= BEATER_MIN_LEGS && p.BeatRate > BEATER_MIN_RATE),
      );
    return {
      ...range,
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
