// Period computation of SPEC.md §4: whole days cut in the site's time zone, weeks from Monday.
import { z } from 'zod';
import { Period } from './enums.ts';

/** A calendar day, YYYY-MM-DD. */
export const IsoDate = z
  .string({ error: 'must be a date as YYYY-MM-DD' })
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date as YYYY-MM-DD')
  .refine(isRealDate, 'is not a real calendar date');

export const FIRST_REPORT_DAY = '1900-01-01';
export const LAST_REPORT_DAY = '2999-12-31';

/**
 * A day a report is asked about: within years a book can hold, so the week or month the server
 * derives from it is still a date (9999-12-27 would end its week in the year 10000).
 */
export const ReportDate = IsoDate.refine(
  (s) => s >= FIRST_REPORT_DAY && s <= LAST_REPORT_DAY,
  `must be between ${FIRST_REPORT_DAY} and ${LAST_REPORT_DAY}`,
);
export type IsoDate = string;

export interface PeriodResult {
  StartDate: IsoDate;
  EndDate: IsoDate;
}

function isRealDate(s: string): boolean {
  const [y, m, d] = s.split('-').map(Number) as [number, number, number];
  const t = new Date(Date.UTC(y, m - 1, d));
  return t.getUTCFullYear() === y && t.getUTCMonth() === m - 1 && t.getUTCDate() === d;
}

const dayFormatters = new Map<string, Intl.DateTimeFormat>();

/** The calendar day that instant `at` falls on in `timeZone`. */
export function localDate(at: Date, timeZone: string): IsoDate {
  let f = dayFormatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    dayFormatters.set(timeZone, f);
  }
  return f.format(at);
}

// Calendar arithmetic runs on UTC midnights, so daylight-saving shifts cannot move a day.
function toUtc(day: IsoDate): Date {
  return new Date(`${day}T00:00:00Z`);
}
function fromUtc(d: Date): IsoDate {
  return d.toISOString().slice(0, 10);
}

export function addDays(day: IsoDate, n: number): IsoDate {
  const d = toUtc(day);
  d.setUTCDate(d.getUTCDate() + n);
  return fromUtc(d);
}

/** Monday of the week holding `day`. */
export function mondayOf(day: IsoDate): IsoDate {
  const dow = toUtc(day).getUTCDay(); // 0 = Sunday
  return addDays(day, -((dow + 6) % 7));
}

export function daysBetween(from: IsoDate, to: IsoDate): number {
  return Math.round((toUtc(to).getTime() - toUtc(from).getTime()) / 86_400_000);
}

export function computePeriod(period: number, now: Date, timeZone: string): PeriodResult {
  const today = localDate(now, timeZone);
  const week = (back: number): PeriodResult => {
    const start = addDays(mondayOf(today), -7 * back);
    return { StartDate: start, EndDate: addDays(start, 6) };
  };
  switch (period) {
    case Period.Yesterday: {
      const y = addDays(today, -1);
      return { StartDate: y, EndDate: y };
    }
    case Period.ThisWeek:
      return week(0);
    case Period.LastWeek:
      return week(1);
    case Period.TwoWeeksAgo:
      return week(2);
    case Period.ThreeWeeksAgo:
      return week(3);
    case Period.ThisMonth: {
      const first = `${today.slice(0, 8)}01`;
      const d = toUtc(first);
      d.setUTCMonth(d.getUTCMonth() + 1);
      d.setUTCDate(0);
      return { StartDate: first, EndDate: fromUtc(d) };
    }
    default:
      return { StartDate: today, EndDate: today };
  }
}

/**
 * The period a screen where an agent settles opens on (weekly balances, payments): on a Monday in
 * the site's zone the week to settle is last week, which has only just closed; on any other day,
 * this week.
 */
export function settlementPeriod(now: Date, timeZone: string): number {
  const today = localDate(now, timeZone);
  return today === mondayOf(today) ? Period.LastWeek : Period.ThisWeek;
}

/** The first instant of `day` in `timeZone`, for cutting timestamps into the site's days. */
export function startOfDayUtc(day: IsoDate, timeZone: string): Date {
  return instantAt(day, 0, timeZone);
}

/** The instant of `minute` past midnight of `day` in `timeZone` (a week's cut-off, a day's start). */
export function instantAt(day: IsoDate, minute: number, timeZone: string): Date {
  const wall = toUtc(day).getTime() + minute * 60_000;
  // Guess the wall time as UTC, then correct by the zone's offset at that moment; a second pass
  // settles DST edges.
  let guess = wall;
  for (let i = 0; i < 2; i++) guess -= localDateTime(new Date(guess), timeZone) - wall;
  return new Date(guess);
}

const dateTimeFormatters = new Map<string, Intl.DateTimeFormat>();
/** The wall-clock time of `at` in `timeZone`, as milliseconds read as if they were UTC. */
export function localDateTime(at: Date, timeZone: string): number {
  let f = dateTimeFormatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    dateTimeFormatters.set(timeZone, f);
  }
  const p = Object.fromEntries(f.formatToParts(at).map((x) => [x.type, Number(x.value)]));
  return Date.UTC(p.year!, p.month! - 1, p.day!, p.hour!, p.minute!, p.second!);
}
