// The demo calendar indexed for the wager planner: what a bettor could take at a given instant.
import type { Sport } from '@backline/contract';
import { LONGEST_GAME_MS, type SeedEvent } from './demo-events.ts';

/** Games and outrights per sport by start time, for finding what a bettor could take at an instant. */
export class EventBook {
  private readonly games = new Map<Sport, SeedEvent[]>();
  private readonly starts = new Map<Sport, number[]>();
  private readonly outrights = new Map<Sport, SeedEvent[]>();

  constructor(events: readonly SeedEvent[]) {
    for (const e of events) {
      const map = e.kind === 'game' ? this.games : this.outrights;
      const list = map.get(e.sport) ?? [];
      list.push(e);
      map.set(e.sport, list);
    }
    for (const [sport, list] of this.games)
      this.starts.set(
        sport,
        list.map((e) => e.startsAt.getTime()),
      );
  }

  private range(sport: Sport, from: number, to: number): SeedEvent[] {
    const starts = this.starts.get(sport) ?? [];
    return (this.games.get(sport) ?? []).slice(lowerBound(starts, from), lowerBound(starts, to));
  }

  /** Whether any game of the sport starts after `at` and within `horizonMs`. */
  hasUpcoming(sport: Sport, at: number, horizonMs: number): boolean {
    const starts = this.starts.get(sport) ?? [];
    return lowerBound(starts, at + 1) < lowerBound(starts, at + horizonMs);
  }

  /** Games starting after `at` and within `horizonMs`. */
  upcoming(sport: Sport, at: number, horizonMs: number): SeedEvent[] {
    return this.range(sport, at + 1, at + horizonMs);
  }

  inPlay(sport: Sport, at: number): SeedEvent[] {
    return this.range(sport, at - LONGEST_GAME_MS, at + 1).filter(
      (e) => e.endsAt.getTime() > at && e.status !== 'cancelled',
    );
  }

  /** Outright markets still open at `at`, settling at least a week later. */
  outright(sport: Sport, at: number): SeedEvent[] {
    return (this.outrights.get(sport) ?? []).filter(
      (e) => e.startsAt.getTime() > at + 7 * 86_400_000,
    );
  }
}

function lowerBound(sorted: readonly number[], value: number): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (sorted[mid]! < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
