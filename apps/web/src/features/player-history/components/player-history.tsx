import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ExportButton } from '@/components/export/export-button';
import { PlayerPicker } from '@/components/player-picker/player-picker';
import { Money } from '@/components/ui/money-cell';
import { PeriodRangePicker } from '@/components/ui/period-range-picker';
import { QueryState } from '@/components/ui/query-state';
import { ReportPage } from '@/components/ui/report-page';
import { ReportPeriod, useShownDays } from '@/components/ui/report-period';
import { EmptyState } from '@/components/ui/states';
import { FilterPanel } from '@/components/ui/filter-panel';
import { paths } from '@/config/paths';
import { useLocale } from '@/lib/format';
import { useAgentStore } from '@/stores/agent-store';
import { usePlayerHistory } from '../api/get-player-history';
import { HistoryTable } from './history-table';
import { TypeSelect } from './type-select';
import { TypeTotals } from './type-totals';
import { usePlayerHistoryFilters } from './use-player-history-filters';
import './player-history.css';

export function PlayerHistory() {
  const { t } = useTranslation();
  const locale = useLocale();
  const timeZone = useAgentStore((s) => s.site?.TimeZone ?? 'UTC');
  const [filters, set] = usePlayerHistoryFilters();
  const { idPlayer, range, transactionType } = filters;
  const query = usePlayerHistory(
    idPlayer === null ? null : { idPlayer, transactionType, ...range },
  );
  const report = query.data;
  const days = useShownDays(range, report);
  const player = report?.Player;

  return (
    <ReportPage
      title={
        <>
          {t('playerHistory.title')}
          {player && (
            <span className="history-player">
              {' '}
              · {player.Player}
              {player.Name && player.Name !== player.Player && ` · ${player.Name}`}
            </span>
          )}
        </>
      }
      period={
        <>
          {player && `${t('agents.label')} ${player.Agent} · ${player.Currency} · `}
          <ReportPeriod days={days} />
        </>
      }
      tools={
        idPlayer === null ? undefined : (
          <>
            <Link className="button" to={paths.playerHistory}>
              {t('playerHistory.otherPlayer')}
            </Link>
            <ExportButton
              target={{
                report: 'playerHistory',
                filters: { idPlayer, transactionType, ...range },
              }}
            />
          </>
        )
      }
      filters={
        idPlayer === null ? (
          <div className="filters card filters--picker">
            <PlayerPicker
              label={t('playerHistory.pickPlayer')}
              onPick={(p) => set.player(p.IdPlayer)}
              autoFocus
            />
          </div>
        ) : (
          <FilterPanel className="filters--flow">
            <PeriodRangePicker value={range} onChange={set.range} />
            <TypeSelect value={transactionType} onChange={set.transactionType} />
          </FilterPanel>
        )
      }
      busy={query.isFetching}
    >
      {idPlayer !== null && (
        <QueryState query={query} loading={t('playerHistory.loading')}>
          {(report) => (
            <>
              <dl className="stat-grid">
                <Stat
                  label={t('playerHistory.opening')}
                  minor={report.OpeningBalance}
                  currency={report.Player.Currency}
                  locale={locale}
                />
                <Stat
                  label={t('playerHistory.closing')}
                  minor={report.ClosingBalance}
                  currency={report.Player.Currency}
                  locale={locale}
                />
              </dl>
              {report.Rows.length === 0 ? (
                <EmptyState message={t('playerHistory.empty')} />
              ) : (
                <HistoryTable
                  report={report}
                  locale={locale}
                  timeZone={timeZone}
                  caption={t('playerHistory.caption', {
                    player: report.Player.Player,
                    period: days.text,
                  })}
                  fetching={query.isFetching}
                />
              )}
              {report.Totals.length > 0 && <TypeTotals report={report} locale={locale} />}
            </>
          )}
        </QueryState>
      )}
    </ReportPage>
  );
}

function Stat(props: { label: string; minor: number; currency: string; locale: string }) {
  return (
    <div className="stat card">
      <dt className="stat__label">{props.label}</dt>
      <dd className="stat__value">
        <Money minor={props.minor} currency={props.currency} locale={props.locale} />
      </dd>
    </div>
  );
}
