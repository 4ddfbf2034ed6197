// The words behind the week chart: a screen reader hears the same story the bars tell.

export interface WeekSummary {
  total: number;
  /** Index of the day with the highest figure, and of the lowest; null when all days are zero. */
  best: number | null;
  worst: number | null;
}

export function summarizeWeek(days: readonly number[]): WeekSummary {
  let best: number | null = null;
  let worst: number | null = null;
  let total = 0;
  days.forEach((value, i) => {
    total += value;
    if (value === 0) return;
    if (best === null || value > days[best]!) best = i;
    if (worst === null || value < days[worst]!) worst = i;
  });
  return { total, best, worst };
}
