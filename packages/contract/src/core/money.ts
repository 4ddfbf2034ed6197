// Money is integer minor units (cents) everywhere; floats never carry an amount.
import { z } from 'zod';

export const Money = z
  .number({ error: 'must be an amount in minor units (a whole number)' })
  .int('must be a whole number of minor units (cents)')
  .min(Number.MIN_SAFE_INTEGER, 'is beyond the safe range')
  .max(Number.MAX_SAFE_INTEGER, 'is beyond the safe range');
export type Money = number;

export const PositiveMoney = Money.refine((v) => v > 0, 'must be greater than zero');

/**
 * The largest single payment: a billion in major units of a two-decimal currency. Far above any
 * real settlement, and far enough below the safe range that balances and report totals stay in it.
 */
export const MAX_PAYMENT = 100_000_000_000;
export const PaymentAmount = PositiveMoney.refine(
  (v) => v <= MAX_PAYMENT,
  `is more than the largest payment (${MAX_PAYMENT} minor units)`,
);

export class MoneyRangeError extends RangeError {
  override name = 'MoneyRangeError';
}

export function assertSafe(v: number): Money {
  if (!Number.isSafeInteger(v))
    throw new MoneyRangeError(`Amount ${v} is outside the safe integer range`);
  return v;
}

export function addMoney(...values: Money[]): Money {
  let total = 0;
  for (const v of values) total = assertSafe(total + assertSafe(v));
  return total;
}

/** The sum of one amount of each row; any number of rows (no spread into a call's arguments). */
export function sumMoney<T>(rows: readonly T[], pick: (row: T) => Money): Money {
  let total = 0;
  for (const row of rows) total = assertSafe(total + assertSafe(pick(row)));
  return total;
}

/** Minor digits of a currency (2 for USD and EUR, 0 for JPY ...), from the platform's ISO data. */
export function minorDigits(currency: string): number {
  return (
    new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions()
      .maximumFractionDigits ?? 2
  );
}

/** Parses a decimal amount typed by a person ("1,234.50", "-12.3") into minor units, exactly. */
export function parseMajor(text: string, currency: string): Money {
  const digits = minorDigits(currency);
  const clean = text.trim().replace(/[\s,]/g, '');
  const m = /^(-)?(\d+)(?:\.(\d*))?$/.exec(clean);
  if (!m) throw new MoneyRangeError(`"${text}" is not an amount`);
  const frac = m[3] ?? '';
  if (frac.length > digits) throw new MoneyRangeError(`"${text}" has more than ${digits} decimals`);
  const minor = BigInt(m[2]! + frac.padEnd(digits, '0'));
  const signed = m[1] ? -minor : minor;
  if (signed > BigInt(Number.MAX_SAFE_INTEGER) || signed < BigInt(Number.MIN_SAFE_INTEGER)) {
    throw new MoneyRangeError(`"${text}" is beyond the safe range`);
  }
  return Number(signed);
}

/** Minor units as a decimal string in major units, exactly ("-1234.5" cents → "-12.35" never). */
export function toMajorString(minor: Money, currency: string): string {
  const digits = minorDigits(currency);
  const neg = minor < 0;
  const s = String(Math.abs(minor)).padStart(digits + 1, '0');
  const whole = s.slice(0, s.length - digits);
  const frac = digits ? `.${s.slice(s.length - digits)}` : '';
  return `${neg ? '-' : ''}${whole}${frac}`;
}

const moneyFormatters = new Map<string, Intl.NumberFormat>();

export function formatMoney(minor: Money, currency: string, locale: string): string {
  const key = `${locale}|${currency}`;
  let f = moneyFormatters.get(key);
  if (!f) {
    f = new Intl.NumberFormat(locale, { style: 'currency', currency });
    moneyFormatters.set(key, f);
  }
  // Intl accepts a decimal string, so the value is never rounded through a float.
  return f.format(toMajorString(minor, currency) as unknown as number);
}

/**
 * Converts minor units of one currency into another's at an exact decimal rate (units of the target
 * per unit of the source), rounding half to even once, at the edge of a report.
 */
export function convertMinor(
  amount: Money,
  rate: string,
  fromDigits: number,
  toDigits: number,
): Money {
  const m = /^(\d+)(?:\.(\d+))?$/.exec(rate.trim());
  if (!m) throw new MoneyRangeError(`"${rate}" is not a rate`);
  const frac = m[2] ?? '';
  const num = BigInt(assertSafe(amount)) * BigInt(m[1]! + frac) * 10n ** BigInt(toDigits);
  return divideHalfEven(num, 10n ** BigInt(frac.length + fromDigits));
}

/** `num / den` (den > 0) in whole minor units, rounded half to even. */
export function divideHalfEven(num: bigint, den: bigint): Money {
  const neg = num < 0n;
  const abs = neg ? -num : num;
  let q = abs / den;
  const r = abs % den;
  if (r * 2n > den || (r * 2n === den && q % 2n === 1n)) q += 1n;
  return assertSafe(Number(neg ? -q : q));
}
