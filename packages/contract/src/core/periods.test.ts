import { describe, expect, it } from 'vitest';
import {
  computePeriod,
  localDate,
  mondayOf,
  PERIODS,
  Period,
  settlementPeriod,
  startOfDayUtc,
} from '../index.ts';

const NY = 'America/New_York';
const MADRID = 'Europe/Madrid';
const at = (iso: string) => new Date(iso);
/** The period's days, first and last, at `now` in the zone. */
const expectRange = (period: number, now: Date, zone: string, start: string, end: string) =>
  expect(computePeriod(period, now, zone)).toEqual({ StartDate: start, EndDate: end });

describe('computePeriod', () => {
  it('has the spec\u2019s seven periods', () => {
    expect(PERIODS.map((p) => [p.Value, p.Description])).toEqual([
      [0, 'today'],
      [1, 'yesterday'],
      [2, 'thisWeek'],
      [3, 'lastWeek'],
      [4, 'twoweeksAgo'],
      [5, 'threeweeksAgo'],
      [6, 'thismonth'],
    ]);
  });

  it('cuts weeks Monday to Sunday around a Wednesday', () => {
    const now = at('2026-11-18T15:00:00Z');
    expectRange(Period.Today, now, NY, '2026-11-18', '2026-11-18');
    expectRange(Period.Yesterday, now, NY, '2026-11-17', '2026-11-17');
    expectRange(Period.ThisWeek, now, NY, '2026-11-16', '2026-11-22');
    expectRange(Period.LastWeek, now, NY, '2026-11-09', '2026-11-15');
    expectRange(Period.TwoWeeksAgo, now, NY, '2026-11-02', '2026-11-08');
    expectRange(Period.ThreeWeeksAgo, now, NY, '2026-10-26', '2026-11-01');
    expectRange(Period.ThisMonth, now, NY, '2026-11-01', '2026-11-30');
  });

  it('treats a Monday as the first day of its week and a Sunday as the last', () => {
    expect(computePeriod(Period.ThisWeek, at('2026-11-16T12:00:00Z'), NY).StartDate).toBe(
      '2026-11-16',
    );
    expectRange(Period.ThisWeek, at('2026-11-22T12:00:00Z'), NY, '2026-11-16', '2026-11-22');
  });

  it('uses the site\u2019s time zone, not UTC, for "today"', () => {
    // 03:30 UTC on Monday is still Sunday evening in New York, and already Monday in Madrid.
    const now = at('2026-11-16T03:30:00Z');
    expect(computePeriod(Period.Today, now, NY).StartDate).toBe('2026-11-15');
    expect(computePeriod(Period.ThisWeek, now, NY).StartDate).toBe('2026-11-09');
    expect(computePeriod(Period.ThisWeek, now, MADRID).StartDate).toBe('2026-11-16');
  });

  it('crosses month and year ends', () => {
    const now = at('2027-01-01T17:00:00Z'); // a Friday
    expectRange(Period.ThisWeek, now, NY, '2026-12-28', '2027-01-03');
    expectRange(Period.LastWeek, now, NY, '2026-12-21', '2026-12-27');
    expectRange(Period.Yesterday, now, NY, '2026-12-31', '2026-12-31');
    expectRange(Period.ThisMonth, now, NY, '2027-01-01', '2027-01-31');
    expect(computePeriod(Period.ThisMonth, at('2028-02-10T12:00:00Z'), NY).EndDate).toBe(
      '2028-02-29',
    );
    expect(computePeriod(Period.ThisMonth, at('2026-02-10T12:00:00Z'), NY).EndDate).toBe(
      '2026-02-28',
    );
    expect(computePeriod(Period.Yesterday, at('2026-03-01T12:00:00Z'), NY).StartDate).toBe(
      '2026-02-28',
    );
  });

  it('keeps whole days across daylight-saving changes', () => {
    // US clocks go back on 2026-11-01 and forward on 2026-03-08; Europe on 2026-03-29 and 2026-10-25.
    expectRange(Period.ThisWeek, at('2026-11-01T05:30:00Z'), NY, '2026-10-26', '2026-11-01');
    expect(computePeriod(Period.Today, at('2026-03-08T07:30:00Z'), NY).StartDate).toBe(
      '2026-03-08',
    );
    expectRange(Period.LastWeek, at('2026-03-09T12:00:00Z'), NY, '2026-03-02', '2026-03-08');
    expect(computePeriod(Period.ThisWeek, at('2026-10-25T23:30:00Z'), MADRID).StartDate).toBe(
      '2026-10-26',
    );
    expect(startOfDayUtc('2026-11-01', NY).toISOString()).toBe('2026-11-01T04:00:00.000Z');
    expect(startOfDayUtc('2026-11-02', NY).toISOString()).toBe('2026-11-02T05:00:00.000Z');
    expect(startOfDayUtc('2026-03-29', MADRID).toISOString()).toBe('2026-03-28T23:00:00.000Z');
  });

  it('falls back to today for an unknown value', () => {
    const now = at('2026-11-18T15:00:00Z');
    for (const v of [-1, 7, 99, Number.NaN]) {
      expect(computePeriod(v, now, NY)).toEqual({ StartDate: '2026-11-18', EndDate: '2026-11-18' });
    }
  });

  it('finds Mondays and local days', () => {
    expect(mondayOf('2026-11-22')).toBe('2026-11-16');
    expect(mondayOf('2026-11-16')).toBe('2026-11-16');
    expect(mondayOf('2027-01-01')).toBe('2026-12-28');
    expect(localDate(at('2026-11-16T04:59:59Z'), NY)).toBe('2026-11-15');
    expect(localDate(at('2026-11-16T05:00:00Z'), NY)).toBe('2026-11-16');
  });
});

describe('settlementPeriod', () => {
  const NY = 'America/New_York';
  it('is last week all Monday long in the site zone, this week on the other days', () => {
    expect(settlementPeriod(new Date('2026-11-16T05:00:00Z'), NY)).toBe(Period.LastWeek); // Mon 00:00
    expect(settlementPeriod(new Date('2026-11-17T04:59:59Z'), NY)).toBe(Period.LastWeek); // Mon 23:59
    expect(settlementPeriod(new Date('2026-11-17T05:00:00Z'), NY)).toBe(Period.ThisWeek); // Tue 00:00
    expect(settlementPeriod(new Date('2026-11-22T23:00:00Z'), NY)).toBe(Period.ThisWeek); // Sun
  });

  it("follows the site's zone, not UTC", () => {
    // Monday 02:00 UTC is still Sunday evening in New York, and already Monday in Madrid.
    const at = new Date('2026-11-16T02:00:00Z');
    expect(settlementPeriod(at, NY)).toBe(Period.ThisWeek);
    expect(settlementPeriod(at, 'Europe/Madrid')).toBe(Period.LastWeek);
  });
});
