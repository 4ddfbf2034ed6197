import type { PlayerAnalysis } from '@backline/contract/calls/player-analysis';
import { formatMoney, sumMoney } from '@backline/contract/core/money';
import { useTranslation } from 'react-i18next';
import { DayBarChart } from '@/components/ui/day-bar-chart';
import { MoneyCell } from '@/components/ui/money-cell';
import { SimpleTable, TableScroll } from '@/components/ui/simple-table';
import { formatCount, formatDay, formatPercent } from '@/lib/format';
import '@/components/ui/card.css';

const HEAD = {
  prefix: 'player.analysis.weeks.columns',
  columns: ['week', 'handle', 'net', 'hold', 'wagers'],
  classes: { handle: 'num', net: 'num', hold: 'num', wagers: 'num' },
};
const WEEK: Intl.DateTimeFormatOptions = { month: 'short', day: 'numeric' };
// The chart's labels stay short enough for twelve weeks at phone width.
const WEEK_LABEL: Intl.DateTimeFormatOptions = { month: 'numeric', day: 'numeric' };

/** Handle and net per week, drawn and then listed: the table is the chart's figures in words. */
export function AnalysisWeeks({ analysis, locale }: { analysis: PlayerAnalysis; locale: string }) {
  const { t } = useTranslation();
  const { Weeks: weeks, Currency: currency } = analysis;
  const money = (minor: number) => formatMoney(minor, currency, locale);
  const count = { weeks: formatCount(weeks.length, locale) };
  const quiet = weeks.every((w) => w.Wagers === 0 && w.Net === 0);
  const summary = quiet
    ? t('player.analysis.chart.quiet', count)
    : t('player.analysis.chart.summary', {
        ...count,
        handle: money(sumMoney(weeks, (w) => w.Handle)),
        net: money(sumMoney(weeks, (w) => w.Net)),
      });
  const caption = t('player.analysis.weeks.caption', count);
  return (
    <div className="player-analysis__weeks">
      <DayBarChart
        title={t('player.analysis.chart.title', { ...count, currency })}
        summary={summary}
        days={weeks.map((w) => w.WeekStart)}
        series={[
          {
            label: t('player.analysis.chart.handle'),
            values: weeks.map((w) => w.Handle),
            tone: 'neutral',
          },
          {
            label: t('player.analysis.chart.net'),
            values: weeks.map((w) => w.Net),
            tone: 'signed',
          },
        ]}
        currency={currency}
        locale={locale}
        dayLabel={WEEK_LABEL}
      />
      <TableScroll label={caption}>
        <SimpleTable className="report-table report-table--compact" head={HEAD} caption={caption}>
          {[...weeks].reverse().map((w) => (
            <tr key={w.WeekStart}>
              <th scope="row">{formatDay(w.WeekStart, locale, WEEK)}</th>
              <MoneyCell minor={w.Handle} currency={currency} locale={locale} neutral />
              <MoneyCell minor={w.Net} currency={currency} locale={locale} />
              <td className="num">{w.Hold === null ? '—' : formatPercent(w.Hold, locale)}</td>
              <td className="num">{formatCount(w.Wagers, locale)}</td>
            </tr>
          ))}
        </SimpleTable>
      </TableScroll>
    </div>
  );
}
