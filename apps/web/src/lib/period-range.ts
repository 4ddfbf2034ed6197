// A report period in the URL: one of the spec's seven periods (?period=6), which stays relative to
// today when bookmarked, or custom dates (?startDate=…&endDate=…). Parsed with the contract's schemas.
import { PeriodFields } from '@backline/contract/endpoints/common';
import { PERIODS } from '@backline/contract/enums';
import { computePeriod, type IsoDate, type PeriodResult } from '@backline/contract/periods';

export type PeriodRange = { period: number } | { startDate: IsoDate; endDate: IsoDate };

const PERIOD_VALUES: readonly number[] = PERIODS.map((p) => p.Value);

export function parsePeriodRange(params: URLSearchParams, fallback: number): PeriodRange {
  const start = PeriodFields.shape.startDate.safeParse(params.get('startDate') ?? undefined);
  const end = PeriodFields.shape.endDate.safeParse(params.get('endDate') ?? undefined);
  if (start.success && end.success && start.data && end.data && start.data <= end.data) {
    return { startDate: start.data, endDate: end.data };
  }
  const period = PeriodFields.shape.period.safeParse(params.get('period') ?? undefined);
  return {
    period:
      period.success && period.data !== undefined && PERIOD_VALUES.includes(period.data)
        ? period.data
        : fallback,
  };
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
