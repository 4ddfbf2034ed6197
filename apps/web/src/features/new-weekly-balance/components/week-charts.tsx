import type { NewWeeklyBalanceResponse } from '@backline/contract/reports/new-weekly-balance';
import { formatMoney } from '@backline/contract/core/money';
import { addDays } from '@backline/contract/core/periods';
import { useTranslation } from 'react-i18next';
import { DayBarChart } from '@/components/ui/day-bar-chart';
import { formatDay } from '@/lib/format';
import { summarizeWeek } from '../utils/week-summary';

interface WeekChartsProps {
  report: NewWeeklyBalanceResponse;
  locale: string;
}

/** The week's win/loss per day from the grand totals: one small chart per currency. */
export function WeekCharts({ report, locale }: WeekChartsProps) {
  const { t } = useTranslation();
  const days = Array.from({ length: 7 }, (_, i) => addDays(report.StartDate, i));
  const dayName = (i: number) => formatDay(days[i]!, locale, { weekday: 'long' });
  return (
    <div className="chart-grid">
      {report.Totals.map((total) => {
        const money = (minor: number) => formatMoney(minor, total.Currency, locale);
        const s = summarizeWeek(total.Days);
        const summary =
          s.best === null || s.worst === null
            ? t('newWeeklyBalance.chart.quiet', { currency: total.Currency })
            : t('newWeeklyBalance.chart.summary', {
                currency: total.Currency,
                total: money(s.total),
                best: dayName(s.best),
                bestAmount: money(total.Days[s.best]!),
                worst: dayName(s.worst),
                worstAmount: money(total.Days[s.worst]!),
              });
        return (
          <DayBarChart
            key={total.Currency}
            title={t('newWeeklyBalance.chart.title', { currency: total.Currency })}
            summary={summary}
            days={days}
            series={[
              { label: t('newWeeklyBalance.chart.winLoss'), values: total.Days, tone: 'signed' },
            ]}
            currency={total.Currency}
            locale={locale}
          />
        );
      })}
    </div>
  );
}
