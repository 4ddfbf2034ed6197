import { describe, expect, it } from 'vitest';
import { normalizeAmount, notationOf, parseAmount } from './amount-input';

const ok = (minor: number) => ({ ok: true, minor });
const refused = (reason: string) => ({ ok: false, reason });

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

  it('reads en-US amounts', () => {
    expect(parseAmount('12.50', 'USD', 'en-US')).toEqual(ok(1250));
    expect(parseAmount(' 1,234.50 ', 'USD', 'en-US')).toEqual(ok(123450));
    expect(parseAmount('1,234,567', 'USD', 'en-US')).toEqual(ok(123456700));
    expect(parseAmount('1234.5', 'USD', 'en-US')).toEqual(ok(123450));
    expect(parseAmount('1 234.50', 'USD', 'en-US')).toEqual(ok(123450));
    expect(parseAmount('.5', 'USD', 'en-US')).toEqual(ok(50));
    expect(parseAmount('12.', 'USD', 'en-US')).toEqual(ok(1200));
  });

  it('refuses en-US amounts whose separators are not where en-US puts them', () => {
    expect(parseAmount('12,50', 'USD', 'en-US')).toEqual(refused('notation'));
    expect(parseAmount('1,5', 'USD', 'en-US')).toEqual(refused('notation'));
    expect(parseAmount('1.234,50', 'USD', 'en-US')).toEqual(refused('notation'));
    expect(parseAmount('1,23,456', 'USD', 'en-US')).toEqual(refused('notation'));
    expect(parseAmount('1.2.3', 'USD', 'en-US')).toEqual(refused('notation'));
    expect(parseAmount('1234,', 'USD', 'en-US')).toEqual(refused('notation'));
    expect(parseAmount('12 50', 'USD', 'en-US')).toEqual(refused('notation'));
  });

  it('reads es-ES amounts', () => {
    expect(parseAmount('12,50', 'EUR', 'es-ES')).toEqual(ok(1250));
    expect(parseAmount('1.234,50', 'EUR', 'es-ES')).toEqual(ok(123450));
    expect(parseAmount('1234,5', 'EUR', 'es-ES')).toEqual(ok(123450));
    expect(parseAmount('1.234', 'EUR', 'es-ES')).toEqual(ok(123400));
    expect(parseAmount('1 234,50', 'EUR', 'es-ES')).toEqual(ok(123450));
  });

  it('refuses es-ES amounts written in another notation', () => {
    expect(parseAmount('12.50', 'EUR', 'es-ES')).toEqual(refused('notation'));
    expect(parseAmount('1,234.50', 'EUR', 'es-ES')).toEqual(refused('notation'));
    expect(parseAmount('1.5', 'EUR', 'es-ES')).toEqual(refused('notation'));
    // A decimal comma with three decimals is never taken for a grouping of thousands.
    expect(parseAmount('1,234', 'EUR', 'es-ES')).toEqual(refused('decimals'));
  });

  it('reads es-MX amounts as Mexico writes them, unlike Spain', () => {
    expect(parseAmount('12.50', 'MXN', 'es-MX')).toEqual(ok(1250));
    expect(parseAmount('1,234.50', 'MXN', 'es-MX')).toEqual(ok(123450));
    expect(parseAmount('12,50', 'MXN', 'es-MX')).toEqual(refused('notation'));
    expect(parseAmount('1.234,50', 'MXN', 'es-MX')).toEqual(refused('notation'));
  });

  it('parses exactly into minor units, without floats', () => {
    expect(parseAmount('0.29', 'USD', 'en-US')).toEqual(ok(29));
    expect(parseAmount('90071992547409.91', 'USD', 'en-US')).toEqual(ok(9007199254740991));
    expect(parseAmount('90.071.992.547.409,91', 'EUR', 'es-ES')).toEqual(ok(9007199254740991));
    expect(parseAmount('1500', 'JPY', 'en-US')).toEqual(ok(1500));
    expect(normalizeAmount('1.234,50', 'es-ES')).toBe('1234.50');
    expect(normalizeAmount('12,50', 'en-US')).toBeNull();
  });

  it('says why a text is not a payable amount', () => {
    expect(parseAmount('', 'USD', 'en-US')).toEqual(refused('empty'));
    expect(parseAmount('   ', 'USD', 'en-US')).toEqual(refused('empty'));
    expect(parseAmount('12.345', 'USD', 'en-US')).toEqual(refused('decimals'));
    expect(parseAmount('0', 'USD', 'en-US')).toEqual(refused('notPositive'));
    expect(parseAmount('-5', 'USD', 'en-US')).toEqual(refused('notPositive'));
    expect(parseAmount('\u22125', 'USD', 'en-US')).toEqual(refused('notPositive'));
    expect(parseAmount('abc', 'USD', 'en-US')).toEqual(refused('invalid'));
    expect(parseAmount('$12', 'USD', 'en-US')).toEqual(refused('invalid'));
    expect(parseAmount('12e3', 'USD', 'en-US')).toEqual(refused('invalid'));
    expect(parseAmount('90071992547409.92', 'USD', 'en-US')).toEqual(refused('range'));
    expect(parseAmount('1.5', 'JPY', 'en-US')).toEqual(refused('decimals'));
  });
});
