import { describe, expect, it } from 'vitest';
import { normalizeAmount, parseAmount } from './amount-input';

describe('amount input', () => {
  it('reads English and Spanish notation', () => {
    expect(normalizeAmount(' 1,234.50 ', 'en-US')).toBe('1234.50');
    expect(normalizeAmount('1.234,50', 'es-ES')).toBe('1234.50');
    expect(normalizeAmount('12,5', 'es-ES')).toBe('12.5');
  });

  it('parses exactly into minor units, without floats', () => {
    expect(parseAmount('0.29', 'USD', 'en-US')).toEqual({ ok: true, minor: 29 });
    expect(parseAmount('1,234.56', 'USD', 'en-US')).toEqual({ ok: true, minor: 123456 });
    expect(parseAmount('90071992547409.91', 'USD', 'en-US')).toEqual({
      ok: true,
      minor: 9007199254740991,
    });
    expect(parseAmount('1500', 'JPY', 'en-US')).toEqual({ ok: true, minor: 1500 });
  });

  it('says why a text is not a payable amount', () => {
    expect(parseAmount('', 'USD', 'en-US')).toEqual({ ok: false, reason: 'empty' });
    expect(parseAmount('12.345', 'USD', 'en-US')).toEqual({ ok: false, reason: 'decimals' });
    expect(parseAmount('0', 'USD', 'en-US')).toEqual({ ok: false, reason: 'notPositive' });
    expect(parseAmount('-5', 'USD', 'en-US')).toEqual({ ok: false, reason: 'notPositive' });
    expect(parseAmount('abc', 'USD', 'en-US')).toEqual({ ok: false, reason: 'invalid' });
    expect(parseAmount('90071992547409.92', 'USD', 'en-US')).toEqual({
      ok: false,
      reason: 'range',
    });
    expect(parseAmount('1.5', 'JPY', 'en-US')).toEqual({ ok: false, reason: 'decimals' });
  });
});
