import { SPORTS } from '@backline/contract/core/enums';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { ExportButton } from '@/components/export/export-button';
import { AgentSelect } from '@/components/ui/agent-select';
import { EnumFilter } from '@/components/ui/choice-field';
import { FilterPanel } from '@/components/ui/filter-panel';
import { Money } from '@/components/ui/money-cell';
import { ReportPage } from '@/components/ui/report-page';
import { Term } from '@/components/ui/term';
import { formatCount, useLocale } from '@/lib/format';
import { useAgentStore } from '@/stores/agent-store';
import { usePosition } from '../api/get-position';
import { usePositionFilters } from '../utils/filters';
import { GameCard } from './game-card';
import '@/components/ui/report-extras.css';
import './position.css';

/** The open book per game, market and side: what the book makes or loses if each side wins. */
export function Position() {
  const { t } = useTranslation();
  const locale = useLocale();
  const id = useId();
  const timeZone = useAgentStore((s) => s.site?.TimeZone ?? 'UTC');
  const [filters, update] = usePositionFilters();
  const query = usePosition(filters);
  const report = query.data;
  // The league chosen stays choosable while its games load or after they close.
  const leagues = [
    ...new Set([...(report?.Leagues ?? []), ...(filters.league ? [filters.league] : [])]),
  ];

  return (
    <ReportPage
      screen="position"
      query={query}
      isEmpty={(r) => r.Games.length === 0}
      period={t('position.period')}
      countOf={(r) => r.Totals.Games}
      tools={<ExportButton target={{ report: 'position', filters }} />}
      filters={
        <>
          <FilterPanel className="filters--wide">
            <AgentSelect value={filters.idAgent} onChange={(idAgent) => update({ idAgent })} />
            <EnumFilter
              label={t('position.sport')}
              values={SPORTS}
              names="sports"
              value={filters.sport}
              onChange={(sport) => update({ sport })}
            />
            <div className="field">
              <label htmlFor={`${id}-league`}>{t('position.league')}</label>
              <select
                id={`${id}-league`}
                value={filters.league ?? ''}
                onChange={(e) => update({ league: e.target.value || undefined })}
              >
                <option value="">{t('position.allLeagues')}</option>
                {leagues.map((l) => (
                  <option key={l} value={l}>
                    {l}
                  </option>
                ))}
              </select>
            </div>
          </FilterPanel>
          <p className="position-legend">
            {t('position.legend')} <span className="tag tag--multi">{t('position.multiTag')}</span>{' '}
            {t('position.multiLegend')}
          </p>
        </>
      }
    >
      {(r) => (
        <>
          <dl className="card position-totals" aria-label={t('position.totals')}>
            <Term label={t('position.columns.games')}>{formatCount(r.Totals.Games, locale)}</Term>
            <Term label={t('position.columns.wagers')}>{formatCount(r.Totals.Wagers, locale)}</Term>
            <Term label={t('position.columns.handle')}>
              <Money minor={r.Totals.Handle} currency={r.Currency} locale={locale} neutral />
            </Term>
            <Term label={t('position.columns.worstCase')}>
              <Money minor={r.Totals.Exposure} currency={r.Currency} locale={locale} />
            </Term>
          </dl>
          {r.Capped && (
            <p className="position-note" role="note">
              {t('position.capped', {
                shown: formatCount(r.Games.length, locale),
                total: formatCount(r.Totals.Games, locale),
              })}
            </p>
          )}
          {r.Converted && (
            <p className="position-note">
              {t('position.converted', {
                currency: r.Converted.Currency,
                rates: r.Converted.Rates.map((x) => `${x.Currency} ${x.Rate}`).join(', '),
              })}
            </p>
          )}
          <ol className="position-games" aria-busy={query.isFetching}>
            {r.Games.map((g) => (
              <li key={g.IdEvent}>
                <GameCard
                  game={g}
                  idAgent={r.IdAgent}
                  currency={r.Currency}
                  locale={locale}
                  timeZone={timeZone}
                />
              </li>
            ))}
          </ol>
        </>
      )}
    </ReportPage>
  );
}
