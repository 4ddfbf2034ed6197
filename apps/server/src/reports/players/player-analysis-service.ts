// A player's analysis: handle, net, hold, wagers graded and CLV score for its lifetime, this year
// and this month, and the last weeks, all cut in the site's days. The CLV score is beat the line's.
import {
  CLV_SCORING,
  addDays,
  ANALYSIS_PERIODS,
  computePeriod,
  FIRST_REPORT_DAY,
  localDate,
  mondayOf,
  Period,
  PLAYER_ANALYSIS_WEEKS,
  startOfDayUtc,
  type AnalysisFigures,
  type PlayerAnalysis,
} from '@backline/contract';
import type { AgentAuth } from '../../auth/auth-context.ts';
import { playerInScope } from '../../agents/scope.ts';
import { playerClvScore } from '../beat-the-line/beat-the-line-service.ts';
import type { ReportDeps } from '../report-module.ts';
import * as repo from './player-analysis-repository.ts';

/** Players' net loss ÷ handle (DOMAIN.md), to a hundredth of a percent; none without handle. */
export function holdOf(net: number, handle: number): number | null {
  if (handle === 0) return null;
  const ratio = -net / handle;
  // Halves away from zero, so a loss and a win of the same size read alike.
  return (Math.sign(ratio) * Math.round(Math.abs(ratio) * 10_000)) / 10_000;
}

function figures(handle: repo.HandleDbRow | undefined, net: number | undefined): AnalysisFigures {
  const h = handle?.handle ?? 0;
  const n = net ?? 0;
  return { Handle: h, Net: n, Hold: holdOf(n, h), Wagers: handle?.wagers ?? 0 };
}

export function createPlayerAnalysisService({ db, now }: Pick<ReportDeps, 'db' | 'now'>) {
  async function analysis(auth: AgentAuth, req: { idPlayer: number }): Promise<PlayerAnalysis> {
    const player = await playerInScope(db, auth, req.idPlayer);
    const at = now();
    const zone = auth.timeZone;
    const today = localDate(at, zone);
    const month = computePeriod(Period.ThisMonth, at, zone);
    const year = today.slice(0, 4);
    // In ANALYSIS_PERIODS' order: lifetime, this year, this month.
    const ranges: repo.DayRange[] = [
      { start: FIRST_REPORT_DAY, end: today },
      { start: `${year}-01-01`, end: `${year}-12-31` },
      { start: month.StartDate, end: month.EndDate },
    ];
    const firstWeek = addDays(mondayOf(today), -7 * (PLAYER_ANALYSIS_WEEKS - 1));
    // Beat the line's score for the same player, agent subtree and days (wagers placed in them).
    const clv = (r: repo.DayRange) =>
      playerClvScore(db, {
        agentId: auth.agentId,
        playerId: player.id,
        from: startOfDayUtc(r.start, zone),
        to: startOfDayUtc(addDays(r.end, 1), zone),
      });
    const [handles, nets, weekHandles, weekNets, scores] = await Promise.all([
      repo.selectHandles(db, player.id, ranges),
      repo.selectNets(db, player.id, ranges),
      repo.selectWeekHandles(db, player.id, firstWeek),
      repo.selectWeekNets(db, player.id, firstWeek),
      Promise.all(ranges.map(clv)),
    ]);
    const handleOfWeek = new Map(weekHandles.map((w) => [w.week_start, w]));
    const netOfWeek = new Map(weekNets.map((w) => [w.week_start, w.net]));
    return {
      IdPlayer: player.id,
      Currency: player.currency,
      Today: today,
      Scoring: CLV_SCORING,
      Periods: ANALYSIS_PERIODS.map((period, i) => {
        const score = scores[i]!;
        return {
          Period: period,
          StartDate: period === 'lifetime' ? null : ranges[i]!.start,
          EndDate: ranges[i]!.end,
          ...figures(handles[i], nets[i]),
          Clv: { Score: score.score, Legs: score.legs, Enough: score.ranked, Sharp: score.sharp },
        };
      }),
      Weeks: Array.from({ length: PLAYER_ANALYSIS_WEEKS }, (_, i) => {
        const week = addDays(firstWeek, 7 * i);
        return { WeekStart: week, ...figures(handleOfWeek.get(week), netOfWeek.get(week)) };
      }),
    };
  }

  return { analysis };
}

export type PlayerAnalysisService = ReturnType<typeof createPlayerAnalysisService>;
