// Amounts are typed as decimals in the reader's own notation ("1,234.50" in English, "1.234,50" in
// Spanish) and parsed exactly into minor units by the contract's parseMajor; never through floats.
import { MoneyRangeError, parseMajor, type Money } from '@backline/contract/money';

function decimalSeparator(locale: string): string {
  return (
    new Intl.NumberFormat(locale).formatToParts(1.5).find((p) => p.type === 'decimal')?.value ?? '.'
  );
}

/** Rewrites a typed amount into the plain "1234.50" form parseMajor reads. */
export function normalizeAmount(text: string, locale: string): string {
  const compact = text.trim().replace(/[\s\u00a0\u202f]/g, '');
  if (decimalSeparator(locale) === ',') return compact.replace(/\./g, '').replace(',', '.');
  return compact.replace(/,/g, '');
}

export type AmountResult =
  | { ok: true; minor: Money }
  | { ok: false; reason: 'empty' | 'invalid' | 'decimals' | 'notPositive' | 'range' };

/** A positive amount in minor units, or why the text is not one. */
export function parseAmount(text: string, currency: string, locale: string): AmountResult {
  const plain = normalizeAmount(text, locale);
  if (plain === '') return { ok: false, reason: 'empty' };
  try {
    const minor = parseMajor(plain, currency);
    return minor > 0 ? { ok: true, minor } : { ok: false, reason: 'notPositive' };
  } catch (error) {
    if (!(error instanceof MoneyRangeError)) throw error;
    if (/decimals/.test(error.message)) return { ok: false, reason: 'decimals' };
    if (/safe range/.test(error.message)) return { ok: false, reason: 'range' };
    return { ok: false, reason: 'invalid' };
  }
}
