// The chart needs every day of the period, also those without money moving; the report lists only
// days with payments, per currency.
import type { CashFlowResponse } from '@backline/contract/reports/cash-flow';
import { addDays, daysBetween, type IsoDate } from '@backline/contract/core/periods';

export interface DailySeries {
  currency: string;
  days: IsoDate[];
  in: number[];
  /** Paid out per day, negative so it draws below the axis. */
  out: number[];
}

export function dailySeries(
  report: Pick<CashFlowResponse, 'StartDate' | 'EndDate' | 'Days' | 'Totals'>,
): DailySeries[] {
  const count = daysBetween(report.StartDate, report.EndDate) + 1;
  const days = Array.from({ length: count }, (_, i) => addDays(report.StartDate, i));
  return report.Totals.map(({ Currency }) => {
    const byDay = new Map(
      report.Days.filter((d) => d.Currency === Currency).map((d) => [d.Date, d]),
    );
    return {
      currency: Currency,
      days,
      in: days.map((d) => byDay.get(d)?.In ?? 0),
      out: days.map((d) => -(byDay.get(d)?.Out ?? 0)),
    };
  });
}
