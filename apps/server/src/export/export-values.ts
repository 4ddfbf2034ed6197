// Cell values of an export: money from minor units into the currency's major units, instants into
// the site's wall-clock time, and Excel's number formats for both.
import { localDateTime, minorDigits, type Language } from '@backline/contract';
import { LOCALES } from './export-labels.ts';

const digitsByCurrency = new Map<string, number>();

/** Minor digits of a currency (2 when the row has none, as a tree's agent rows). */
export function digitsOf(currency: string | null): number {
  if (!currency) return 2;
  let digits = digitsByCurrency.get(currency);
  if (digits === undefined) {
    digits = minorDigits(currency);
    digitsByCurrency.set(currency, digits);
  }
  return digits;
}

/**
 * What minor units are divided by to give major units (100 for USD). Division is correctly
 * rounded, so 12345 / 100 is the double nearest 123.45, the very number a person typing 123.45
 * into a cell gets: exact to the cent.
 */
export function divisorOf(currency: string | null): number {
  return 10 ** digitsOf(currency);
}

/** Minor units as an exact decimal string in major units, for text files ("-1234.50"). */
export function majorText(minor: number, currency: string | null): string {
  const digits = digitsOf(currency);
  const abs = String(Math.abs(minor)).padStart(digits + 1, '0');
  const whole = abs.slice(0, abs.length - digits);
  return `${minor < 0 ? '-' : ''}${whole}${digits ? `.${abs.slice(abs.length - digits)}` : ''}`;
}

const QUARTER_HOUR = 15 * 60_000;
const offsets = new Map<string, number>();

/**
 * The zone's offset from UTC at an instant, in ms. Zones change offset on quarter hours only, so
 * one look-up serves every instant of a quarter hour: a 100,000-row export asks Intl a few times.
 */
function offsetAt(ms: number, timeZone: string): number {
  const bucket = Math.floor(ms / QUARTER_HOUR);
  const key = `${timeZone}|${bucket}`;
  let offset = offsets.get(key);
  if (offset === undefined) {
    const at = bucket * QUARTER_HOUR;
    offset = localDateTime(new Date(at), timeZone) - at;
    if (offsets.size > 100_000) offsets.clear();
    offsets.set(key, offset);
  }
  return offset;
}

/** An instant's wall-clock time in `timeZone`, as milliseconds read as if it were UTC. */
export function wallClockMs(instant: string, timeZone: string): number {
  const ms = Date.parse(instant);
  return ms + offsetAt(ms, timeZone);
}

const DAY_MS = 86_400_000;
/** Days from Excel's epoch (1899-12-30) to 1970-01-01. */
const EXCEL_UNIX_EPOCH = 25_569;

export function excelSerialOfDay(day: string): number {
  return Date.parse(`${day}T00:00:00Z`) / DAY_MS + EXCEL_UNIX_EPOCH;
}

export function excelSerialOfInstant(instant: string, timeZone: string): number {
  return wallClockMs(instant, timeZone) / DAY_MS + EXCEL_UNIX_EPOCH;
}

/** "2026-11-20 14:05" in the site's zone, for text files. */
export function wallClockText(instant: string, timeZone: string): string {
  return new Date(wallClockMs(instant, timeZone)).toISOString().slice(0, 16).replace('T', ' ');
}

/**
 * Excel's number format for amounts of a currency, with its symbol where the reader's language
 * puts it ("$"#,##0.00 in English, #,##0.00" €" in Spanish), and a minus before negatives.
 */
export function moneyFormatCode(currency: string | null, language: Language): string {
  const digits = digitsOf(currency);
  const number = digits > 0 ? `#,##0.${'0'.repeat(digits)}` : '#,##0';
  if (!currency) return `${number};-${number}`;
  // The symbol as the web app shows it: "CA$" and "MX$" beside "$", so currencies stay apart.
  const parts = new Intl.NumberFormat(LOCALES[language], {
    style: 'currency',
    currency,
  }).formatToParts(-1234.5);
  const symbolAt = parts.findIndex((p) => p.type === 'currency');
  const numberAt = parts.findIndex((p) => p.type === 'integer');
  const symbol = parts[symbolAt]!.value.replaceAll('"', '');
  const between = parts
    .slice(Math.min(symbolAt, numberAt) + 1, Math.max(symbolAt, numberAt))
    .some((p) => p.type === 'literal' && /\s/.test(p.value));
  const space = between ? ' ' : '';
  const shown =
    symbolAt < numberAt ? `"${symbol}${space}"${number}` : `${number}"${space}${symbol}"`;
  return `${shown};-${shown}`;
}
