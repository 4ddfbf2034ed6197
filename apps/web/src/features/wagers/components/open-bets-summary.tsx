import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ConversionNote } from '@/components/currency/conversion-note';
import { MoneyCell } from '@/components/ui/money-cell';
import { SimpleTable, type TableHeadProps } from '@/components/ui/simple-table';
import { formatCount } from '@/lib/format';
import type { OpenBetsReportFilters } from '../api/get-open-bets-report';
import { useOpenBetsReport } from '../api/get-open-bets-report';

const TOP_PLAYERS = 5;
const WIDE = '(min-width: 761px)';
const NUM = { count: 'num', risk: 'num', toWin: 'num' };
const SPORT_HEAD = {
  prefix: 'wagers.columns',
  columns: ['sport', 'count', 'risk', 'toWin'],
  classes: NUM,
};
const PLAYER_HEAD = {
  prefix: 'wagers.columns',
  columns: ['player', 'count', 'risk'],
  classes: NUM,
};

interface OpenBetsSummaryProps {
  filters: OpenBetsReportFilters;
  locale: string;
}

/** Where the open action sits: by sport and the players with most at risk (GetOpenBetsReport). */
export function OpenBetsSummary({ filters, locale }: OpenBetsSummaryProps) {
  const { t } = useTranslation();
  const query = useOpenBetsReport(filters);
  const [wide] = useState(() => window.matchMedia(WIDE).matches);
  const summary = query.data;
  if (!summary || summary.Totals.length === 0) {
    // The list below carries loading, error and empty states; the summary only adds to it.
    return null;
  }
  return (
    // Folded on phones, where it would push the wagers a screen down; open where there is room.
    <details className="summary" open={wide}>
      <summary className="summary__title">{t('wagers.summary.title')}</summary>
      {/* Sports and players of several currencies rank by risk in the site's currency. */}
      <ConversionNote conversion={summary.RankedIn} kind="ranked" />
      <div className="summary__grid">
        <SummaryCard title={t('wagers.summary.bySport')} head={SPORT_HEAD}>
          {summary.BySport.map((s) => (
            <tr key={`${s.Sport}|${s.Currency}`}>
              <th scope="row">
                {t(`sports.${s.Sport}`)}
                {summary.Totals.length > 1 && <span className="cell-sub">{s.Currency}</span>}
              </th>
              <td className="num">{formatCount(s.Count, locale)}</td>
              <MoneyCell minor={s.Risk} currency={s.Currency} locale={locale} neutral />
              <MoneyCell minor={s.ToWin} currency={s.Currency} locale={locale} neutral />
            </tr>
          ))}
        </SummaryCard>
        <SummaryCard title={t('wagers.summary.topPlayers')} head={PLAYER_HEAD}>
          {summary.ByPlayer.slice(0, TOP_PLAYERS).map((p) => (
            <tr key={`${p.IdPlayer}|${p.Currency}`}>
              <th scope="row">
                <span className="player__login">{p.Player}</span>
                <span className="player__name">{p.Name}</span>
              </th>
              <td className="num">{formatCount(p.Count, locale)}</td>
              <MoneyCell minor={p.Risk} currency={p.Currency} locale={locale} neutral />
            </tr>
          ))}
        </SummaryCard>
      </div>
    </details>
  );
}

interface SummaryCardProps {
  title: string;
  head: TableHeadProps;
  children: ReactNode;
}

function SummaryCard({ title, head, children }: SummaryCardProps) {
  const titleId = useId();
  return (
    // A card taller than its cap scrolls: focusable and named, so the keyboard can scroll it too.
    <section className="summary__card card" tabIndex={0} aria-labelledby={titleId}>
      <h3 id={titleId} className="summary__card-title">
        {title}
      </h3>
      <SimpleTable className="mini-table" head={head}>
        {children}
      </SimpleTable>
    </section>
  );
}
