import type { CashFlowResponse } from '@backline/contract/reports/cash-flow';
import { formatMoney } from '@backline/contract/core/money';
import { useTranslation } from 'react-i18next';
import { DayBarChart } from '@/components/ui/day-bar-chart';
import { dailySeries } from '../utils/daily-series';

/** Money in and out by day, one chart per currency, above the table. */
export function CashFlowCharts({ report, locale }: { report: CashFlowResponse; locale: string }) {
  const { t } = useTranslation();
  return (
    <div className="chart-grid">
      {dailySeries(report).map((s) => {
        const total = report.Totals.find((x) => x.Currency === s.currency)!;
        const money = (minor: number) => formatMoney(minor, s.currency, locale);
        return (
          <DayBarChart
            key={s.currency}
            title={t('cashFlow.chart.title', { currency: s.currency })}
            summary={t('cashFlow.chart.summary', {
              currency: s.currency,
              days: s.days.length,
              in: money(total.In),
              out: money(total.Out),
              settlements: money(total.Settlements),
              net: money(total.Net),
            })}
            days={s.days}
            series={[
              { label: t('cashFlow.columns.in'), values: s.in, tone: 'in' },
              { label: t('cashFlow.columns.out'), values: s.out, tone: 'out' },
            ]}
            currency={s.currency}
            locale={locale}
          />
        );
      })}
    </div>
  );
}
