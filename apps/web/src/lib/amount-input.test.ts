import { describe, expect, it } from 'vitest';
import { normalizeAmount, notationOf, parseAmount } from './amount-input';

const ok = (minor: number) => ({ ok: true, minor });
const refused = (reason: string) => ({ ok: false, reason });
type Answer = ReturnType<typeof ok> | ReturnType<typeof refused>;

describe('amount input', () => {
  it('knows each regional notation', () => {
    expect(notationOf('en-US')).toMatchObject({
      decimal: '.',
      group: ',',
      example: '1,234,567.50',
    });
    expect(notationOf('es-ES')).toMatchObject({
      decimal: ',',
      group: '.',
      example: '1.234.567,50',
    });
    expect(notationOf('es-MX')).toMatchObject({
      decimal: '.',
      group: ',',
      example: '1,234,567.50',
    });
  });

  // Each case: the text typed, the entry's currency, the locale, and what it reads as.
  const cases: Record<string, [string, string, string, Answer][]> = {
    'reads en-US amounts': [
      ['12.50', 'USD', 'en-US', ok(1250)],
      [' 1,234.50 ', 'USD', 'en-US', ok(123450)],
      ['1,234,567', 'USD', 'en-US', ok(123456700)],
      ['1234.5', 'USD', 'en-US', ok(123450)],
      ['1 234.50', 'USD', 'en-US', ok(123450)],
      ['.5', 'USD', 'en-US', ok(50)],
      ['12.', 'USD', 'en-US', ok(1200)],
    ],
    'refuses en-US amounts whose separators are not where en-US puts them': [
      ['12,50', 'USD', 'en-US', refused('notation')],
      ['1,5', 'USD', 'en-US', refused('notation')],
      ['1.234,50', 'USD', 'en-US', refused('notation')],
      ['1,23,456', 'USD', 'en-US', refused('notation')],
      ['1.2.3', 'USD', 'en-US', refused('notation')],
      ['1234,', 'USD', 'en-US', refused('notation')],
      ['12 50', 'USD', 'en-US', refused('notation')],
    ],
    'reads es-ES amounts': [
      ['12,50', 'EUR', 'es-ES', ok(1250)],
      ['1.234,50', 'EUR', 'es-ES', ok(123450)],
      ['1234,5', 'EUR', 'es-ES', ok(123450)],
      ['1.234', 'EUR', 'es-ES', ok(123400)],
      ['1 234,50', 'EUR', 'es-ES', ok(123450)],
    ],
    'refuses es-ES amounts written in another notation': [
      ['12.50', 'EUR', 'es-ES', refused('notation')],
      ['1,234.50', 'EUR', 'es-ES', refused('notation')],
      ['1.5', 'EUR', 'es-ES', refused('notation')],
      // A decimal comma with three decimals is never taken for a grouping of thousands.
      ['1,234', 'EUR', 'es-ES', refused('decimals')],
    ],
    'reads es-MX amounts as Mexico writes them, unlike Spain': [
      ['12.50', 'MXN', 'es-MX', ok(1250)],
      ['1,234.50', 'MXN', 'es-MX', ok(123450)],
      ['12,50', 'MXN', 'es-MX', refused('notation')],
      ['1.234,50', 'MXN', 'es-MX', refused('notation')],
    ],
    'parses exactly into minor units, without floats': [
      ['0.29', 'USD', 'en-US', ok(29)],
      ['90071992547409.91', 'USD', 'en-US', ok(9007199254740991)],
      ['90.071.992.547.409,91', 'EUR', 'es-ES', ok(9007199254740991)],
      ['1500', 'JPY', 'en-US', ok(1500)],
    ],
    'says why a text is not a payable amount': [
      ['', 'USD', 'en-US', refused('empty')],
      ['   ', 'USD', 'en-US', refused('empty')],
      ['12.345', 'USD', 'en-US', refused('decimals')],
      ['0', 'USD', 'en-US', refused('notPositive')],
      ['-5', 'USD', 'en-US', refused('notPositive')],
      ['\u22125', 'USD', 'en-US', refused('notPositive')],
      ['abc', 'USD', 'en-US', refused('invalid')],
      ['$12', 'USD', 'en-US', refused('invalid')],
      ['12e3', 'USD', 'en-US', refused('invalid')],
      ['90071992547409.92', 'USD', 'en-US', refused('range')],
      ['1.5', 'JPY', 'en-US', refused('decimals')],
    ],
  };

  describe.each(Object.entries(cases))('%s', (_, rows) => {
    it.each(rows)('"%s" in %s (%s)', (text, currency, locale, answer) => {
      expect(parseAmount(text, currency, locale)).toEqual(answer);
    });
  });

  it('normalizes an amount to a decimal point, or refuses it', () => {
    expect(normalizeAmount('1.234,50', 'es-ES')).toBe('1234.50');
    expect(normalizeAmount('12,50', 'en-US')).toBeNull();
  });
});
