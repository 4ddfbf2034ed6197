// Beat the line per player: who counts as sharp, sorting, and totals per currency.
import type {
  BeatTheLinePlayer,
  BeatTheLineScoring,
} from '@backline/contract/reports/beat-the-line';
import { addMoney } from '@backline/contract/core/money';
import type { SortDir } from '@backline/contract/core/common';
import { totalsByCurrency } from '@/components/currency/totals-by-currency';

/**
 * Sharp (DOMAIN.md), the players list's flag: the player's standing CLV score over its latest graded
 * legs, whatever the period, with enough legs from enough wagers; never a few lucky legs.
 */
export function isSharp(p: Pick<BeatTheLinePlayer, 'Sharp'>): boolean {
  return p.Sharp;
}

/**
 * This period's score at the sharp threshold, ranked (enough legs from enough wagers in the period):
 * what the score column marks, beside the standing flag.
 */
export function sharpInPeriod(
  p: Pick<BeatTheLinePlayer, 'Rank' | 'Score'>,
  scoring: Pick<BeatTheLineScoring, 'SharpScore'>,
): boolean {
  return p.Rank !== null && p.Score !== null && p.Score >= scoring.SharpScore;
}

export const PLAYER_SORTS = [
  'score',
  'player',
  'legs',
  'beatRate',
  'clvPoints',
  'clvCents',
  'risk',
] as const;
export type PlayerSort = (typeof PLAYER_SORTS)[number];

/** An amount as it ranks: in the site's currency across currencies (money-ranking.ts). */
export type RankValue = (amount: number, currency: string) => number;

const raw: RankValue = (amount) => amount;

function value(
  p: BeatTheLinePlayer,
  key: Exclude<PlayerSort, 'player' | 'score'>,
  rank: RankValue,
): number | null {
  switch (key) {
    case 'legs':
      return p.Legs;
    case 'beatRate':
      return p.BeatRate;
    case 'clvPoints':
      return p.AvgClvPoints;
    case 'clvCents':
      return p.AvgClvCents;
    case 'risk':
      return rank(p.Risk, p.Currency);
  }
}

export function sortPlayers(
  rows: readonly BeatTheLinePlayer[],
  key: PlayerSort,
  dir: SortDir,
  locale: string,
  rank: RankValue = raw,
): BeatTheLinePlayer[] {
  const sign = dir === 'asc' ? 1 : -1;
  const collator = new Intl.Collator(locale, { numeric: true, sensitivity: 'base' });
  return [...rows].sort((a, b) => {
    if (key === 'player') return collator.compare(a.Player, b.Player) * sign;
    if (key === 'score') {
      // Ranked players by score; the unranked (too few graded legs) after them either way.
      if ((a.Rank === null) !== (b.Rank === null)) return a.Rank === null ? 1 : -1;
      if (a.Rank !== null && b.Rank !== null) return (a.Rank - b.Rank) * -sign;
      return b.ScoreLegs - a.ScoreLegs || collator.compare(a.Player, b.Player);
    }
    const x = value(a, key, rank);
    const y = value(b, key, rank);
    // Players without a figure (no spreads, say) go last whichever way the column is sorted.
    if (x === null || y === null) return x === y ? 0 : x === null ? 1 : -1;
    return (x - y) * sign || b.Legs - a.Legs || collator.compare(a.Player, b.Player);
  });
}

export interface BeatTotals {
  Currency: string;
  Players: number;
  Legs: number;
  Beat: number;
  Risk: number;
}

export function beatTotals(rows: readonly BeatTheLinePlayer[]): BeatTotals[] {
  return totalsByCurrency(
    rows,
    (Currency) => ({ Currency, Players: 0, Legs: 0, Beat: 0, Risk: 0 }),
    (t, p) => {
      t.Players += 1;
      t.Legs += p.Legs;
      t.Beat += p.Beat;
      t.Risk = addMoney(t.Risk, p.Risk);
    },
  );
}
