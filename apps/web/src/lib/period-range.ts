// A report period in the URL: one of the spec's seven periods (?period=6), which stays relative to
// today when bookmarked, or custom dates (?startDate=…&endDate=…). Parsed with the contract's schemas.
import { PeriodFields } from '@backline/contract/core/common';
import { Period, PERIODS } from '@backline/contract/core/enums';
import { computePeriod, type IsoDate, type PeriodResult } from '@backline/contract/core/periods';
import { useMemo } from 'react';
import { useAgentStore } from '@/stores/agent-store';

export type PeriodRange = { period: number } | { startDate: IsoDate; endDate: IsoDate };

const PERIOD_VALUES: readonly number[] = PERIODS.map((p) => p.Value);

/** The range's URL parameters, for a screen's `useUrlState` fields (with PERIOD_RANGE_DEFAULTS). */
export const PERIOD_RANGE_FIELDS = {
  period: PeriodFields.shape.period,
  startDate: PeriodFields.shape.startDate,
  endDate: PeriodFields.shape.endDate,
};
/** A period chosen is written as chosen, even the screen's own: the fallback is only for no choice. */
export const PERIOD_RANGE_DEFAULTS = {
  period: undefined,
  startDate: undefined,
  endDate: undefined,
} as const;

/** The range the URL's values name: custom dates in order, else a real period, else `fallback`. */
export function periodRangeOf(
  url: {
    period?: number | undefined;
    startDate?: IsoDate | undefined;
    endDate?: IsoDate | undefined;
  },
  fallback: number,
): PeriodRange {
  const { period, startDate, endDate } = url;
  if (startDate && endDate && startDate <= endDate) return { startDate, endDate };
  return { period: period !== undefined && PERIOD_VALUES.includes(period) ? period : fallback };
}

/** The query parameters of a range; the other form's parameters are cleared. */
export function periodRangeParams(range: PeriodRange) {
  return 'period' in range
    ? { period: range.period, startDate: null, endDate: null }
    : { period: null, startDate: range.startDate, endDate: range.endDate };
}

/** The days a range covers, known before the server answers so headings never wait. */
export function resolvePeriodRange(range: PeriodRange, now: Date, timeZone: string): PeriodResult {
  return 'period' in range
    ? computePeriod(range.period, now, timeZone)
    : { StartDate: range.startDate, EndDate: range.endDate };
}

/** Two dates a screen keeps in its URL (?startDate=&endDate=), with no named period. */
export type DateRange = { startDate: string; endDate: string };

/** The URL's dates when they make a range (in order), else `fallback`. */
export function datesOr(
  url: { startDate?: string | undefined; endDate?: string | undefined },
  fallback: DateRange,
): DateRange {
  const { startDate, endDate } = url;
  return startDate && endDate && startDate <= endDate ? { startDate, endDate } : fallback;
}

/** The dates' URL parameters: none while they are the screen's own default range. */
export function datesParams(range: DateRange, fallback: DateRange) {
  const custom = range.startDate !== fallback.startDate || range.endDate !== fallback.endDate;
  return {
    startDate: custom ? range.startDate : null,
    endDate: custom ? range.endDate : null,
  };
}

/** This week in the site's zone: where a screen of dates opens. */
export function useThisWeek(): DateRange {
  const timeZone = useAgentStore((s) => s.site?.TimeZone ?? 'UTC');
  return useMemo(() => {
    const week = computePeriod(Period.ThisWeek, new Date(), timeZone);
    return { startDate: week.StartDate, endDate: week.EndDate };
  }, [timeZone]);
}
