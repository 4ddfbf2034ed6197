import { describe, expect, it } from 'vitest';
import { columnCss, headingWidth, textWidth, widestText } from './column-width';

describe('column width', () => {
  it('counts separators and signs as narrower than digits', () => {
    expect(textWidth('1234')).toBe(4);
    expect(textWidth('-$1,234.50')).toBeCloseTo(0.7 + 1 + 1 + 0.45 + 3 + 0.45 + 2);
  });

  it('counts capitals wider than digits, and bold text wider still', () => {
    expect(textWidth('MX$1')).toBeCloseTo(1.25 + 1.25 + 1 + 1);
    expect(textWidth('1234', true)).toBeCloseTo(4.4);
    expect(widestText(['$1.00', '-MX$10.00'])).toBe(textWidth('-MX$10.00'));
  });

  it('sizes a heading by its longest word, since headings wrap between words', () => {
    expect(headingWidth('Credit limit')).toBe(textWidth('Credit'));
    expect(headingWidth('Adjustments')).toBe(textWidth('Adjustments'));
    expect(headingWidth('Saldo después')).toBe(textWidth('después'));
  });

  it('gives a column room for its heading beside the sort icon and for its widest figure', () => {
    // Headings and secondary figures are set at 12 px in a 13 px table.
    expect(columnCss({ heading: 13, figure: 10 })).toBe('max(12ch + 24px, 10ch + 14px)');
    expect(columnCss({ heading: 6.5, figure: 13 }, true)).toBe('max(6ch + 24px, 12ch + 14px)');
  });
});
