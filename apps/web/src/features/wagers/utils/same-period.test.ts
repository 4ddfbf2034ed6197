import { describe, expect, it } from 'vitest';
import { previousOfSamePeriod } from './same-period';

const week = { startDate: '2026-11-16', endDate: '2026-11-22' };
const rows = { Rows: ['last page of the week'] };
const keyOf = (filters: object) => ({ queryKey: ['wagers', 'graded', filters] as const });

describe('previousOfSamePeriod', () => {
  it('keeps the rows shown while the page, sort or a filter changes within the period', () => {
    const next = previousOfSamePeriod<typeof rows>({ ...week });
    expect(next(rows, keyOf({ ...week, page: 2, sort: 'risk' }))).toBe(rows);
  });

  it('shows nothing of the old period when the period changes, so its header is never over them', () => {
    const month = previousOfSamePeriod<typeof rows>({
      startDate: '2026-11-01',
      endDate: '2026-11-30',
    });
    expect(month(rows, keyOf(week))).toBeUndefined();
    const sameStart = previousOfSamePeriod<typeof rows>({ ...week, endDate: '2026-11-29' });
    expect(sameStart(rows, keyOf(week))).toBeUndefined();
  });

  it('has nothing to keep on the first load', () => {
    expect(previousOfSamePeriod<typeof rows>(week)(undefined, undefined)).toBeUndefined();
  });
});
