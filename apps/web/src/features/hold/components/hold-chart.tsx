import type { HoldResponse } from '@backline/contract/reports/hold';
import { formatMoney } from '@backline/contract/core/money';
import { mondayOf } from '@backline/contract/core/periods';
import { useTranslation } from 'react-i18next';
import { DayBarChart } from '@/components/ui/day-bar-chart';
import { formatDay } from '@/lib/format';
import { formatHold } from '../utils/hold-words';

/** Handle and the book's net by week, and each week's hold in the list under it. */
export function HoldChart({ report, locale }: { report: HoldResponse; locale: string }) {
  const { t } = useTranslation();
  const weeks = report.Weeks;
  if (weeks.length === 0) return null;
  const currency = report.Currency;
  const money = (minor: number) => formatMoney(minor, currency, locale);
  const sum = (k: 'Handle' | 'Net') => weeks.reduce((s, w) => s + w[k], 0);
  const handle = sum('Handle');
  const net = sum('Net');
  // A period inside one week is charted with the weeks before it (GetHold's Weeks).
  const context = mondayOf(report.StartDate) === mondayOf(report.EndDate) && weeks.length > 1;
  const weekLabel = { day: 'numeric', month: 'short' } as const;
  return (
    <div className="hold-chart">
      <DayBarChart
        title={t('hold.chart.title', { currency })}
        summary={t('hold.chart.summary', {
          currency,
          weeks: weeks.length,
          from: formatDay(weeks[0]!.Week, locale, weekLabel),
          handle: money(handle),
          net: money(net),
          hold: formatHold(handle === 0 ? null : Math.round((net / handle) * 10_000) / 100, locale),
        })}
        days={weeks.map((w) => w.Week)}
        series={[
          { label: t('hold.columns.handle'), values: weeks.map((w) => w.Handle), tone: 'neutral' },
          { label: t('hold.columns.net'), values: weeks.map((w) => w.Net), tone: 'signed' },
        ]}
        currency={currency}
        locale={locale}
        dayLabel={weekLabel}
      />
      <ol className="hold-chart__weeks" aria-label={t('hold.chart.weeks')}>
        {weeks.map((w) => (
          <li key={w.Week}>
            <span className="hold-chart__week">{formatDay(w.Week, locale, weekLabel)}</span>
            <span className="hold-chart__pct">{formatHold(w.HoldPct, locale)}</span>
          </li>
        ))}
      </ol>
      {context && (
        <p className="hold-chart__note">{t('hold.chart.context', { weeks: weeks.length })}</p>
      )}
    </div>
  );
}
