// Turns a report's period filter into whole days in the site's time zone.
import {
  computePeriod,
  daysBetween,
  Period,
  settlementPeriod,
  type PeriodResult,
} from '@backline/contract';
import { ValidationError } from '../errors.ts';

export const MAX_REPORT_DAYS = 370;

/** Refuses a range longer than a report may cover, with the message every report gives. */
export function assertSpan(startDate: string, endDate: string): void {
  if (daysBetween(startDate, endDate) > MAX_REPORT_DAYS) {
    throw new ValidationError('range_too_long', { days: MAX_REPORT_DAYS });
  }
}

export function resolvePeriod(
  timeZone: string,
  f: { period?: number | undefined; startDate?: string | undefined; endDate?: string | undefined },
  now: Date,
  fallback: number = Period.ThisWeek,
): PeriodResult {
  const range = f.startDate
    ? { StartDate: f.startDate, EndDate: f.endDate ?? f.startDate }
    : computePeriod(f.period ?? fallback, now, timeZone);
  assertSpan(range.StartDate, range.EndDate);
  return range;
}

/** The period of a list where agents settle (the payments): on a Monday, the week just closed. */
export function settlementRange(
  timeZone: string,
  f: { period?: number | undefined; startDate?: string | undefined; endDate?: string | undefined },
  now: Date,
): PeriodResult {
  return resolvePeriod(timeZone, f, now, settlementPeriod(now, timeZone));
}
