import { SPORTS } from '@backline/contract/enums';
import type { BeatTheLinePlayer } from '@backline/contract/endpoints/wagers';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ExportButton } from '@/components/export/export-button';
import { AgentSelect } from '@/components/ui/agent-select';
import { DateRangeFields } from '@/components/ui/date-range-fields';
import { EmptyState, ErrorState } from '@/components/ui/states';
import { TableSkeleton } from '@/components/ui/table-skeleton';
import { FilterPanel } from '@/components/ui/filter-panel';
import { useErrorMessage } from '@/lib/errors';
import { formatCount, formatDayRange, useLocale } from '@/lib/format';
import { useAgentStore } from '@/stores/agent-store';
import { useBeatTheLine } from '../api/get-beat-the-line';
import { isSharp } from '../utils/players';
import { PlayerLegsDialog } from './player-legs-dialog';
import { PlayersTable } from './players-table';
import { useBeatTheLineState } from './use-beat-the-line-state';
import '@/components/ui/report.css';
import '@/components/ui/report-extras.css';
import { SiteZone } from '@/components/ui/site-zone';
import './beat-the-line.css';

export function BeatTheLine() {
  const { t } = useTranslation();
  const locale = useLocale();
  const id = useId();
  const errorMessage = useErrorMessage();
  const subAgents = useAgentStore((s) => s.subAgents);
  const [state, update] = useBeatTheLineState();
  const [open, setOpen] = useState<BeatTheLinePlayer | null>(null);
  const { filters } = state;
  const query = useBeatTheLine(filters);
  const report = query.data;
  const period = formatDayRange(filters.startDate, filters.endDate, locale);
  const sharpCount = report ? report.Players.filter((p) => isSharp(p, report.Scoring)).length : 0;

  return (
    <section className="report" aria-labelledby={`${id}-title`}>
      <header className="report__header">
        <div>
          <h1 id={`${id}-title`} className="report__title">
            {t('beatTheLine.title')}
          </h1>
          <p className="report__period">
            {period}
            <SiteZone />
          </p>
        </div>
        <div className="report__tools">
          {report && (
            <p className="report__count" aria-live="polite">
              {t('beatTheLine.count', {
                count: report.Players.length,
                formatted: formatCount(report.Players.length, locale),
              })}
              {sharpCount > 0 &&
                ` · ${t('beatTheLine.sharpCount', { count: sharpCount, formatted: formatCount(sharpCount, locale) })}`}
            </p>
          )}
          <ExportButton target={{ report: 'beatTheLine', filters }} />
        </div>
      </header>

      <FilterPanel className="filters--wide">
        <DateRangeFields
          value={{ startDate: filters.startDate, endDate: filters.endDate }}
          onChange={(range) => update({ filters: range })}
        />
        <AgentSelect
          agents={subAgents}
          value={filters.idAgent}
          onChange={(idAgent) => update({ filters: { idAgent } })}
        />
        <div className="field">
          <label htmlFor={`${id}-sport`}>{t('beatTheLine.sport')}</label>
          <select
            id={`${id}-sport`}
            value={filters.sport ?? ''}
            onChange={(e) =>
              update({ filters: { sport: SPORTS.find((s) => s === e.target.value) } })
            }
          >
            <option value="">{t('beatTheLine.allSports')}</option>
            {SPORTS.map((s) => (
              <option key={s} value={s}>
                {t(`sports.${s}`)}
              </option>
            ))}
          </select>
        </div>
        <div className="check-field">
          <input
            id={`${id}-beaters`}
            type="checkbox"
            checked={filters.beatersOnly === true}
            aria-describedby={`${id}-beaters-hint`}
            onChange={(e) => update({ filters: { beatersOnly: e.target.checked || undefined } })}
          />
          <label htmlFor={`${id}-beaters`}>{t('beatTheLine.beatersOnly')}</label>
          <p id={`${id}-beaters-hint`} className="check-field__hint">
            {report &&
              t('beatTheLine.beatersHint', { min: formatCount(report.Scoring.MinLegs, locale) })}
          </p>
        </div>
      </FilterPanel>

      {report && (
        <p className="btl-legend">
          {t('beatTheLine.scoreLegend', {
            last: formatCount(report.Scoring.LastLegs, locale),
            perPoint: formatCount(report.Scoring.CentsPerPoint, locale),
            min: formatCount(report.Scoring.MinLegs, locale),
          })}{' '}
          <span className="tag tag--sharp">{t('beatTheLine.sharp')}</span>{' '}
          {t('beatTheLine.sharpLegend', {
            score: formatCount(report.Scoring.SharpScore, locale),
            min: formatCount(report.Scoring.MinLegs, locale),
          })}
        </p>
      )}

      <div className="report__body">
        {query.isPending ? (
          <TableSkeleton label={t('beatTheLine.loading')} />
        ) : query.isError && !report ? (
          <ErrorState message={errorMessage(query.error)} onRetry={() => void query.refetch()} />
        ) : report && report.Players.length === 0 ? (
          <EmptyState
            message={filters.beatersOnly ? t('beatTheLine.emptyBeaters') : t('beatTheLine.empty')}
          />
        ) : report ? (
          <>
            {query.isError && (
              <ErrorState
                message={errorMessage(query.error)}
                onRetry={() => void query.refetch()}
              />
            )}
            <div className="table-frame" aria-busy={query.isFetching}>
              {query.isFetching && <span className="refresh-bar" aria-hidden="true" />}
              <PlayersTable
                rows={report.Players}
                scoring={report.Scoring}
                sort={state.sort}
                dir={state.dir}
                onSort={(key) =>
                  update(
                    key === state.sort
                      ? { dir: state.dir === 'asc' ? 'desc' : 'asc' }
                      : { sort: key, dir: key === 'player' ? 'asc' : 'desc' },
                  )
                }
                onOpen={setOpen}
                locale={locale}
                caption={t('beatTheLine.caption', { period })}
              />
            </div>
          </>
        ) : null}
      </div>

      {open && (
        <PlayerLegsDialog
          player={open}
          filters={filters}
          locale={locale}
          onClose={() => setOpen(null)}
        />
      )}
    </section>
  );
}
