// The book's figures per game, market and side from the rollup's rows (DOMAIN.md "Exposure and
// hold"): every figure converted once per side, currency and single/multi, then summed; the book's
// result if a side wins is −(its to-win) + Σ over the market's other sides of (risk − free-play
// risk), straights and multi-leg wagers alike.
import {
  POSITION_MARKETS,
  type PositionGame,
  type PositionGameStatus,
  type PositionMarket,
  type PositionMarketRow,
  type PositionSide,
  type Sport,
} from '@backline/contract';
import type { PositionDbRow } from './position-repository.ts';

/** A side's order in its market: the away team first, as a game is written ("Away @ Home"). */
const SIDE_ORDER = ['away', 'home', 'draw', 'over', 'under', 'yes', 'no'];
const FIXED_LABELS: Record<string, string> = {
  draw: 'Draw',
  over: 'Over',
  under: 'Under',
  yes: 'Yes',
  no: 'No',
};

interface SideSums {
  side: string;
  wagers: number;
  risk: number;
  toWin: number;
  freePlayRisk: number;
  multiWagers: number;
  multiRisk: number;
  multiToWin: number;
}

const sideRank = (side: string) => {
  const i = SIDE_ORDER.indexOf(side);
  return i < 0 ? SIDE_ORDER.length : i;
};

/**
 * The side as people read it: the team for home and away, the word for the others, and a
 * selection of its own (a future's pick, a one-sided prop) as the platform wrote it.
 */
export function sideLabel(side: string, game: { home: string; away: string }): string {
  if (side === 'home') return game.home;
  if (side === 'away') return game.away;
  return FIXED_LABELS[side] ?? side;
}

/** The market's sides with the book's result if each wins. */
function sidesOf(sums: SideSums[], game: { home: string; away: string }): PositionSide[] {
  const kept = sums.reduce((a, s) => a + s.risk - s.freePlayRisk, 0);
  return sums
    .toSorted((a, b) => sideRank(a.side) - sideRank(b.side) || a.side.localeCompare(b.side))
    .map((s) => ({
      Side: s.side,
      Label: sideLabel(s.side, game),
      Wagers: s.wagers,
      Risk: s.risk,
      ToWin: s.toWin,
      MultiWagers: s.multiWagers,
      MultiRisk: s.multiRisk,
      MultiToWin: s.multiToWin,
      // What the other sides lose to the book, less what this side wins from it.
      BookIfWins: kept - (s.risk - s.freePlayRisk) - s.toWin,
    }));
}

const marketRank = (m: string) => POSITION_MARKETS.indexOf(m as PositionMarket);
const minOf = (values: number[]) => values.reduce((a, v) => Math.min(a, v), Infinity);

/**
 * The games of the rows, each with its markets and sides, worst exposure first (ties: the larger
 * handle, then the earlier start). `convert` turns an amount of a currency into the site's.
 */
export function positionGames(
  rows: readonly PositionDbRow[],
  convert: (amount: number, currency: string) => number,
): PositionGame[] {
  const byGame = Map.groupBy(rows, (r) => r.event_id);
  const games: PositionGame[] = [];
  for (const gameRows of byGame.values()) {
    const g = gameRows[0]!;
    const markets: PositionMarketRow[] = [];
    const byMarket = Map.groupBy(gameRows, (r) => `${r.market}\u0000${r.prop}`);
    for (const marketRows of byMarket.values()) {
      const sums = new Map<string, SideSums>();
      for (const r of marketRows) {
        let s = sums.get(r.side);
        if (!s) {
          s = {
            side: r.side,
            wagers: 0,
            risk: 0,
            toWin: 0,
            freePlayRisk: 0,
            multiWagers: 0,
            multiRisk: 0,
            multiToWin: 0,
          };
          sums.set(r.side, s);
        }
        const risk = convert(r.risk, r.currency);
        const toWin = convert(r.to_win, r.currency);
        s.wagers += r.wagers;
        s.risk += risk;
        s.toWin += toWin;
        s.freePlayRisk += convert(r.free_play_risk, r.currency);
        if (r.multi) {
          s.multiWagers += r.wagers;
          s.multiRisk += risk;
          s.multiToWin += toWin;
        }
      }
      const sides = sidesOf([...sums.values()], g);
      markets.push({
        Market: marketRows[0]!.market as PositionMarket,
        Prop: marketRows[0]!.prop,
        Wagers: sides.reduce((a, s) => a + s.Wagers, 0),
        Risk: sides.reduce((a, s) => a + s.Risk, 0),
        Exposure: minOf(sides.map((s) => s.BookIfWins)),
        Sides: sides,
      });
    }
    markets.sort(
      (a, b) => marketRank(a.Market) - marketRank(b.Market) || a.Prop.localeCompare(b.Prop),
    );
    games.push({
      IdEvent: g.event_id,
      Sport: g.sport as Sport,
      League: g.league,
      Home: g.home,
      Away: g.away,
      StartsAt: g.starts_at,
      Status: g.status as PositionGameStatus,
      Wagers: markets.reduce((a, m) => a + m.Wagers, 0),
      Handle: markets.reduce((a, m) => a + m.Risk, 0),
      Exposure: minOf(markets.map((m) => m.Exposure)),
      Markets: markets,
    });
  }
  return games.sort(
    (a, b) =>
      a.Exposure - b.Exposure ||
      b.Handle - a.Handle ||
      a.StartsAt.localeCompare(b.StartsAt) ||
      a.IdEvent - b.IdEvent,
  );
}
