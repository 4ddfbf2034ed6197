import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  addMoney,
  convertMinor,
  formatMoney,
  Money,
  MoneyRangeError,
  parseMajor,
  sumMoney,
  toMajorString,
} from './money.ts';

describe('money on integer minor units', () => {
  it('parses typed amounts exactly', () => {
    expect(parseMajor('1,234.50', 'USD')).toBe(123450);
    expect(parseMajor('-0.07', 'USD')).toBe(-7);
    expect(parseMajor('12', 'EUR')).toBe(1200);
    expect(parseMajor('0.1', 'USD') + parseMajor('0.2', 'USD')).toBe(parseMajor('0.3', 'USD'));
    expect(() => parseMajor('1.234', 'USD')).toThrow(MoneyRangeError);
    expect(() => parseMajor('abc', 'USD')).toThrow(MoneyRangeError);
    expect(() => parseMajor('99999999999999999', 'USD')).toThrow(MoneyRangeError);
  });

  it('prints minor units as decimals without a float in between', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -Number.MAX_SAFE_INTEGER, max: Number.MAX_SAFE_INTEGER }),
        (m) => {
          expect(parseMajor(toMajorString(m, 'USD'), 'USD')).toBe(m);
        },
      ),
    );
    expect(toMajorString(-5, 'USD')).toBe('-0.05');
  });

  it('formats per locale and currency', () => {
    expect(formatMoney(123456, 'USD', 'en-US')).toBe('$1,234.56');
    // Spanish groups thousands only from five digits on (CLDR minimum grouping).
    expect(formatMoney(-123456789, 'EUR', 'es-ES')).toMatch(/^-1\.234\.567,89\s€$/);
    expect(formatMoney(Number.MAX_SAFE_INTEGER, 'USD', 'en-US')).toBe('$90,071,992,547,409.91');
  });

  it('refuses sums beyond the safe range', () => {
    expect(addMoney(1, 2, -3)).toBe(0);
    expect(() => addMoney(Number.MAX_SAFE_INTEGER, 1)).toThrow(MoneyRangeError);
  });

  it("sums any number of rows: a 300,000-player book's week in one total", () => {
    // A spread into addMoney's arguments overflowed the stack past ~100,000 rows (the master's
    // NewWeeklyBalance on the bench's 300,000-player book).
    const rows = Array.from({ length: 1_000_000 }, (_, i) => ({ amount: i % 2 ? 150 : -50 }));
    expect(sumMoney(rows, (r) => r.amount)).toBe(50_000_000);
    expect(() => sumMoney([{ a: Number.MAX_SAFE_INTEGER }, { a: 1 }], (r) => r.a)).toThrow(
      MoneyRangeError,
    );
  });

  it('validates wire amounts', () => {
    expect(Money.safeParse(10).success).toBe(true);
    expect(Money.safeParse(10.5).success).toBe(false);
    expect(Money.safeParse(2 ** 53).success).toBe(false);
    expect(Money.safeParse('10').success).toBe(false);
  });

  it('converts between currencies at an exact rate, half to even', () => {
    expect(convertMinor(10000, '0.0500000000', 2, 2)).toBe(500);
    expect(convertMinor(-12345, '1.0800000000', 2, 2)).toBe(-13333); // -133.326 -> -133.33
    expect(convertMinor(5, '0.5', 2, 2)).toBe(2); // 2.5 -> 2 (even)
    expect(convertMinor(7, '0.5', 2, 2)).toBe(4); // 3.5 -> 4 (even)
    expect(convertMinor(100, '150', 2, 0)).toBe(150);
    expect(() => convertMinor(1, 'x', 2, 2)).toThrow(MoneyRangeError);
  });
});
