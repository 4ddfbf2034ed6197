import { describe, expect, it } from 'vitest';
import { bookTone, gameName, gameWagersUrl, marketName, sideName } from './sides';

const words = (key: string) => `<${key}>`;

describe('position words', () => {
  it('names a side: the team for home and away, the reader’s word for fixed sides, else as sent', () => {
    expect(sideName({ Side: 'home', Label: 'Lions' }, words)).toBe('Lions');
    expect(sideName({ Side: 'away', Label: 'Bears' }, words)).toBe('Bears');
    expect(sideName({ Side: 'over', Label: 'Over' }, words)).toBe('<over>');
    expect(sideName({ Side: 'draw', Label: 'Draw' }, words)).toBe('<draw>');
    expect(sideName({ Side: 'no', Label: 'No' }, words)).toBe('<no>');
    expect(sideName({ Side: 'Kansas City to win', Label: 'Kansas City to win' }, words)).toBe(
      'Kansas City to win',
    );
  });

  it('names a market, a prop with its proposition', () => {
    expect(marketName({ Market: 'spread', Prop: '' }, words)).toBe('<spread>');
    expect(marketName({ Market: 'prop', Prop: 'Smith passing yards' }, words)).toBe(
      '<prop> · Smith passing yards',
    );
  });

  it('reads a book result as a loss, a win or even', () => {
    expect(bookTone(-1)).toBe('loss');
    expect(bookTone(0)).toBe('even');
    expect(bookTone(250)).toBe('win');
  });

  it('links a game to the wager center’s open list of that game, for the agent shown', () => {
    expect(gameWagersUrl('/WagerCenter', 7, 42)).toBe('/WagerCenter?tab=open&idAgent=7&idEvent=42');
    expect(gameName({ Home: 'Lions', Away: 'Bears' })).toBe('Bears @ Lions');
    const outright = { Home: 'MLB outright winner', Away: 'Field' };
    expect(gameName({ ...outright, Markets: [{ Market: 'future' }] })).toBe('MLB outright winner');
    expect(gameName({ ...outright, Markets: [{ Market: 'moneyline' }] })).toBe(
      'Field @ MLB outright winner',
    );
  });
});
