import { SPORTS } from '@backline/contract/core/enums';
import type { BeatTheLinePlayer } from '@backline/contract/reports/beat-the-line';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ExportButton } from '@/components/export/export-button';
import { AgentSelect } from '@/components/ui/agent-select';
import { urlSort } from '@/components/ui/data-table';
import { DateRangeFields } from '@/components/ui/date-range-fields';
import { FilterPanel } from '@/components/ui/filter-panel';
import { ReportPage } from '@/components/ui/report-page';
import { formatCount, formatDayRange, useLocale } from '@/lib/format';
import { useBeatTheLine } from '../api/get-beat-the-line';
import { isSharp, type PlayerSort } from '../utils/players';
import { PlayerLegsDialog } from './player-legs-dialog';
import { PlayersTable } from './players-table';
import { useBeatTheLineState } from './use-beat-the-line-state';
import '@/components/ui/report-extras.css';
import './beat-the-line.css';

export function BeatTheLine() {
  const { t } = useTranslation();
  const locale = useLocale();
  const id = useId();
  const [state, update] = useBeatTheLineState();
  const [open, setOpen] = useState<BeatTheLinePlayer | null>(null);
  const { filters } = state;
  const query = useBeatTheLine(filters);
  const report = query.data;
  const period = formatDayRange(filters.startDate, filters.endDate, locale);
  const sharpCount = report ? report.Players.filter(isSharp).length : 0;

  return (
    <ReportPage
      screen="beatTheLine"
      query={query}
      empty={filters.beatersOnly ? t('beatTheLine.emptyBeaters') : t('beatTheLine.empty')}
      isEmpty={(r) => r.Players.length === 0}
      period={period}
      count={
        report && (
          <>
            {t('beatTheLine.count', {
              count: report.Players.length,
              formatted: formatCount(report.Players.length, locale),
            })}
            {sharpCount > 0 &&
              ` · ${t('beatTheLine.sharpCount', { count: sharpCount, formatted: formatCount(sharpCount, locale) })}`}
          </>
        )
      }
      tools={<ExportButton target={{ report: 'beatTheLine', filters }} />}
      filters={
        <>
          <FilterPanel className="filters--wide">
            <DateRangeFields
              value={{ startDate: filters.startDate, endDate: filters.endDate }}
              onChange={(range) => update({ filters: range })}
            />
            <AgentSelect
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
                onChange={(e) =>
                  update({ filters: { beatersOnly: e.target.checked || undefined } })
                }
              />
              <label htmlFor={`${id}-beaters`}>{t('beatTheLine.beatersOnly')}</label>
              <p id={`${id}-beaters-hint`} className="check-field__hint">
                {report &&
                  t('beatTheLine.beatersHint', {
                    min: formatCount(report.Scoring.MinLegs, locale),
                    minWagers: formatCount(report.Scoring.MinWagers, locale),
                  })}
              </p>
            </div>
          </FilterPanel>

          {report && (
            <p className="btl-legend">
              {t('beatTheLine.scoreLegend', {
                last: formatCount(report.Scoring.LastLegs, locale),
                perPoint: formatCount(report.Scoring.CentsPerPoint, locale),
                min: formatCount(report.Scoring.MinLegs, locale),
                minWagers: formatCount(report.Scoring.MinWagers, locale),
              })}{' '}
              <span className="tag tag--sharp">{t('beatTheLine.sharp')}</span>{' '}
              {t('beatTheLine.sharpLegend', {
                score: formatCount(report.Scoring.SharpScore, locale),
                min: formatCount(report.Scoring.MinLegs, locale),
                minWagers: formatCount(report.Scoring.MinWagers, locale),
                last: formatCount(report.Scoring.LastLegs, locale),
              })}
            </p>
          )}
        </>
      }
      after={
        <>
          {open && (
            <PlayerLegsDialog
              player={open}
              filters={filters}
              locale={locale}
              onClose={() => setOpen(null)}
            />
          )}
        </>
      }
    >
      {(report) => (
        <PlayersTable
          rows={report.Players}
          scoring={report.Scoring}
          sort={state.sort}
          dir={state.dir}
          onSort={(next) => update(urlSort<PlayerSort>(next))}
          onOpen={setOpen}
          locale={locale}
          caption={t('beatTheLine.caption', { period })}
          fetching={query.isFetching}
        />
      )}
    </ReportPage>
  );
}
