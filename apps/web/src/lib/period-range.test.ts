import { describe, expect, it } from 'vitest';
import {
  datesOr,
  datesParams,
  PERIOD_RANGE_DEFAULTS,
  PERIOD_RANGE_FIELDS,
  periodRangeOf,
  periodRangeParams,
  resolvePeriodRange,
} from './period-range';
import { readUrlState } from './url-state';

const parse = (query: string) =>
  periodRangeOf(
    readUrlState(new URLSearchParams(query), PERIOD_RANGE_FIELDS, PERIOD_RANGE_DEFAULTS),
    2,
  );

describe('period range', () => {
  it('reads one of the seven periods, or falls back', () => {
    expect(parse('period=6')).toEqual({ period: 6 });
    expect(parse('period=0')).toEqual({ period: 0 });
    expect(parse('period=9')).toEqual({ period: 2 });
    expect(parse('period=x')).toEqual({ period: 2 });
    expect(parse('')).toEqual({ period: 2 });
  });

  it('prefers real custom dates in order over the period', () => {
    expect(parse('period=1&startDate=2026-11-02&endDate=2026-11-08')).toEqual({
      startDate: '2026-11-02',
      endDate: '2026-11-08',
    });
    expect(parse('startDate=2026-11-09&endDate=2026-11-08')).toEqual({ period: 2 });
    expect(parse('startDate=2026-02-30&endDate=2026-03-01')).toEqual({ period: 2 });
  });

  it('writes one form and clears the other', () => {
    expect(periodRangeParams({ period: 3 })).toEqual({ period: 3, startDate: null, endDate: null });
    expect(periodRangeParams({ startDate: '2026-11-01', endDate: '2026-11-02' })).toEqual({
      period: null,
      startDate: '2026-11-01',
      endDate: '2026-11-02',
    });
  });

  it('resolves a period in the site time zone', () => {
    const now = new Date('2026-11-18T15:00:00Z');
    expect(resolvePeriodRange({ period: 2 }, now, 'UTC')).toEqual({
      StartDate: '2026-11-16',
      EndDate: '2026-11-22',
    });
    expect(
      resolvePeriodRange({ startDate: '2026-11-01', endDate: '2026-11-03' }, now, 'UTC'),
    ).toEqual({ StartDate: '2026-11-01', EndDate: '2026-11-03' });
  });
});

describe('dates kept in the URL', () => {
  const week = { startDate: '2026-11-16', endDate: '2026-11-22' };

  it("reads two dates in order, else the screen's own range", () => {
    expect(datesOr({ startDate: '2026-11-02', endDate: '2026-11-08' }, week)).toEqual({
      startDate: '2026-11-02',
      endDate: '2026-11-08',
    });
    expect(datesOr({ startDate: '2026-11-08', endDate: '2026-11-02' }, week)).toEqual(week);
    expect(datesOr({ startDate: '2026-11-02' }, week)).toEqual(week);
    expect(datesOr({}, week)).toEqual(week);
  });

  it("writes the dates only when they are not the screen's own range", () => {
    expect(datesParams(week, week)).toEqual({ startDate: null, endDate: null });
    expect(datesParams({ startDate: '2026-11-02', endDate: '2026-11-22' }, week)).toEqual({
      startDate: '2026-11-02',
      endDate: '2026-11-22',
    });
  });
});
