// Locale-aware formatting of counts, calendar days and instants; money goes through the contract's
// formatMoney so amounts are never rounded through floats.
import type { Language } from '@backline/contract/core/enums';
import type { IsoDate } from '@backline/contract/core/periods';
import { useAgentStore } from '@/stores/agent-store';

/** The region each language falls back to when the browser names none for it. */
export const LOCALES: Record<Language, string> = { en: 'en-US', es: 'es-ES' };

/**
 * The Intl locale for the interface language, with a region: numbers are written differently in
 * es-MX ("1,234.50") and es-ES ("1.234,50"). The region is the one the browser prefers for that
 * language (navigator.languages, in order); neither agents nor sites carry one.
 */
export function regionalLocale(language: Language, preferred: readonly string[]): string {
  for (const tag of preferred) {
    try {
      const locale = new Intl.Locale(tag);
      if (locale.language === language && locale.region) return `${language}-${locale.region}`;
    } catch {
      // A malformed tag from the browser: the next one is tried.
    }
  }
  return LOCALES[language];
}

export function useLocale(): string {
  const language = useAgentStore((s) => s.language);
  return regionalLocale(language, typeof navigator === 'undefined' ? [] : navigator.languages);
}

const formatters = new Map<string, Intl.DateTimeFormat | Intl.NumberFormat>();

function cached<T extends Intl.DateTimeFormat | Intl.NumberFormat>(key: string, make: () => T): T {
  let f = formatters.get(key) as T | undefined;
  if (!f) {
    f = make();
    formatters.set(key, f);
  }
  return f;
}

// A calendar day has no time zone: it is formatted as UTC midnight so no offset can move it.
function dayFormat(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  return cached(
    `day|${locale}|${JSON.stringify(options)}`,
    () => new Intl.DateTimeFormat(locale, { ...options, timeZone: 'UTC' }),
  );
}

function utcMidnight(day: IsoDate): Date {
  return new Date(`${day}T00:00:00Z`);
}

export function formatDay(
  day: IsoDate,
  locale: string,
  options: Intl.DateTimeFormatOptions = {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    year: 'numeric',
  },
): string {
  return dayFormat(locale, options).format(utcMidnight(day));
}

export function formatDayRange(start: IsoDate, end: IsoDate, locale: string): string {
  const options: Intl.DateTimeFormatOptions = { month: 'short', day: 'numeric', year: 'numeric' };
  return dayFormat(locale, options).formatRange(utcMidnight(start), utcMidnight(end));
}

// An instant in the given zone (the site's, which also cuts its days), the zone's short name beside
// it, so it is never read as the browser's.
function instantFormat(
  locale: string,
  timeZone: string,
  options: Intl.DateTimeFormatOptions,
): Intl.DateTimeFormat {
  return cached(
    `instant|${locale}|${timeZone}|${JSON.stringify(options)}`,
    () => new Intl.DateTimeFormat(locale, { ...options, timeZone, timeZoneName: 'short' }),
  );
}

const TIME_OF_DAY: Intl.DateTimeFormatOptions = { hour: '2-digit', minute: '2-digit' };
const DAY_AND_TIME: Intl.DateTimeFormatOptions = {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  ...TIME_OF_DAY,
};

/** An instant's time of day in the given zone, e.g. "03:00 PM EST". */
export function formatTime(instant: string, locale: string, timeZone: string): string {
  return instantFormat(locale, timeZone, TIME_OF_DAY).format(new Date(instant));
}

export function formatCount(value: number, locale: string): string {
  return cached(`count|${locale}`, () => new Intl.NumberFormat(locale)).format(value);
}

/** An instant as day and time in the given zone ("Nov 19, 2026, 03:00 PM EST"). */
export function formatDateTime(instant: string, locale: string, timeZone: string): string {
  return instantFormat(locale, timeZone, DAY_AND_TIME).format(new Date(instant));
}

export function formatPercent(ratio: number, locale: string, digits = 1): string {
  return cached(
    `percent|${locale}|${digits}`,
    () =>
      new Intl.NumberFormat(locale, {
        style: 'percent',
        minimumFractionDigits: digits,
        maximumFractionDigits: digits,
      }),
  ).format(ratio);
}

export function formatDecimal(value: number, locale: string, digits: number): string {
  return cached(
    `decimal|${locale}|${digits}`,
    () =>
      new Intl.NumberFormat(locale, {
        minimumFractionDigits: digits,
        maximumFractionDigits: digits,
        signDisplay: 'exceptZero',
      }),
  ).format(value);
}
