// Words and links of the position screen, kept pure for their tests: how a side is named, which
// way a book result reads, and where a game's open wagers are listed.
import {
  NAMED_SIDES,
  type NamedSide,
  type PositionMarketRow,
  type PositionSide,
} from '@backline/contract/reports/position';

const isNamed = (side: string): side is NamedSide =>
  (NAMED_SIDES as readonly string[]).includes(side);

/**
 * A side as the reader reads it: the team for home and away (the server's label), a fixed side in
 * the reader's words, and a selection of its own (a future's pick) as the server wrote it.
 */
export function sideName(
  side: Pick<PositionSide, 'Side' | 'Label'>,
  words: (key: NamedSide) => string,
): string {
  if (side.Side === 'home' || side.Side === 'away') return side.Label;
  return isNamed(side.Side) ? words(side.Side) : side.Label;
}

/** A market's heading: its name, and a prop's proposition after it. */
export function marketName(
  market: Pick<PositionMarketRow, 'Market' | 'Prop'>,
  words: (key: PositionMarketRow['Market']) => string,
): string {
  return market.Prop ? `${words(market.Market)} · ${market.Prop}` : words(market.Market);
}

/** How a book result reads: a loss (the side winning costs the book), a win, or even. */
export function bookTone(minor: number): 'loss' | 'win' | 'even' {
  return minor < 0 ? 'loss' : minor > 0 ? 'win' : 'even';
}

/** The wager center's open list narrowed to one game, for the agent whose book is shown. */
export function gameWagersUrl(path: string, idAgent: number, idEvent: number): string {
  const params = new URLSearchParams({
    tab: 'open',
    idAgent: String(idAgent),
    idEvent: String(idEvent),
  });
  return `${path}?${params}`;
}

/**
 * The game as the lists write it: the away team at the home team; a futures market (an outright
 * winner, whose "away" side is the field) by its own name.
 */
export const gameName = (g: {
  Home: string;
  Away: string;
  Markets?: readonly { Market: string }[];
}) =>
  g.Markets?.length && g.Markets.every((m) => m.Market === 'future')
    ? g.Home
    : `${g.Away} @ ${g.Home}`;
