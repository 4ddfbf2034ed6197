import { describe, expect, it } from 'vitest';
import { headingWidth, textWidth } from './column-width';

describe('column width', () => {
  it('counts separators and signs as narrower than digits', () => {
    expect(textWidth('1234')).toBe(4);
    expect(textWidth('-$1,234.50')).toBeCloseTo(0.7 + 1 + 1 + 0.45 + 3 + 0.45 + 2);
  });

  it('sizes a heading by its longest word, since headings wrap between words', () => {
    expect(headingWidth('Credit limit')).toBe(textWidth('Credit'));
    expect(headingWidth('Adjustments')).toBe(textWidth('Adjustments'));
    expect(headingWidth('Saldo después')).toBe(textWidth('después'));
  });
});
