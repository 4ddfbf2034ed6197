// Amounts are typed as decimals in the reader's own regional notation ("1,234.50" in en-US and
// es-MX, "1.234,50" in es-ES) and read strictly: a separator that is not where the locale puts it
// ("12,50" in en-US, "12.50" in es-ES, "1,5" in en-US) is refused, never read as a grouping that
// would post the amount at 100 times its size. The text is parsed exactly into minor units by the
// contract's parseMajor, never through floats. (NumberParser of @internationalized/number was
// tried and does not do this: it drops grouping separators wherever they sit, so "12,50" in en-US
// reads as 1250, and it answers a float.)
import {
  minorDigits,
  MoneyRangeError,
  parseMajor,
  toMajorString,
  type Money,
} from '@backline/contract/core/money';

/** The locale's decimal and grouping marks, and an example amount written in them. */
export interface Notation {
  decimal: string;
  group: string;
  example: string;
}

const notations = new Map<string, Notation>();

export function notationOf(locale: string): Notation {
  let n = notations.get(locale);
  if (!n) {
    // A million is grouped in every locale (es-ES leaves four-digit numbers ungrouped).
    const f = new Intl.NumberFormat(locale, { minimumFractionDigits: 2 });
    const parts = f.formatToParts(1234567.5);
    n = {
      decimal: parts.find((p) => p.type === 'decimal')?.value ?? '.',
      group: parts.find((p) => p.type === 'group')?.value ?? ',',
      example: f.format(1234567.5),
    };
    notations.set(locale, n);
  }
  return n;
}

const SPACES = /[\s\u00a0\u202f]/g;
const isSpace = (c: string) => /^[\s\u00a0\u202f]$/.test(c);

/**
 * Rewrites a typed amount into the plain "1234.50" form parseMajor reads, or null when the text is
 * not written in the locale's notation. Spaces may group thousands too (they never mark decimals);
 * a grouped whole part has 1 to 3 digits and then groups of exactly 3.
 */
export function normalizeAmount(text: string, locale: string): string | null {
  const { decimal, group } = notationOf(locale);
  const trimmed = text.trim();
  const sign = /^[-\u2212]/.test(trimmed) ? '-' : '';
  const body = trimmed.slice(sign.length).replace(SPACES, isSpace(group) ? group : ' ');
  const [whole = '', fraction, extra] = body.split(decimal);
  if (extra !== undefined) return null;
  if (fraction !== undefined && !/^\d*$/.test(fraction)) return null;
  const groups = whole.split(new RegExp(`[${escape(group)} ]`));
  if (groups.some((g) => !/^\d*$/.test(g))) return null;
  if (groups.length > 1 && !groups.every((g, i) => (i === 0 ? /^\d{1,3}$/ : /^\d{3}$/).test(g))) {
    return null;
  }
  const digits = groups.join('');
  if (digits === '' && !fraction) return null;
  return `${sign}${digits || '0'}${fraction ? `.${fraction}` : ''}`;
}

function escape(mark: string): string {
  return mark.replace(/[\\\]^-]/g, '\\$&');
}

export type AmountError = 'empty' | 'invalid' | 'notation' | 'decimals' | 'notPositive' | 'range';

export type AmountResult = { ok: true; minor: Money } | { ok: false; reason: AmountError };

/** A positive amount in minor units, or why the text is not one. */
export function parseAmount(text: string, currency: string, locale: string): AmountResult {
  if (text.trim() === '') return { ok: false, reason: 'empty' };
  const plain = normalizeAmount(text, locale);
  if (plain === null) {
    // Digits and separators only, yet not the locale's notation: the separators are misplaced.
    return {
      ok: false,
      reason: /^[-\u2212]?[\d.,\s\u00a0\u202f]+$/.test(text.trim()) ? 'notation' : 'invalid',
    };
  }
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

/** Minor units as a person would type them in the locale ("1234.50", "1234,50"): a form's start. */
export function amountInputText(minor: Money, currency: string, locale: string): string {
  const digits = minorDigits(currency);
  const f = new Intl.NumberFormat(locale, {
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
    useGrouping: false,
  });
  // Intl accepts a decimal string, so the value is never rounded through a float.
  return f.format(toMajorString(minor, currency) as unknown as number);
}
