import {
  PLAYER_FILTERS,
  PlayersRequest,
  type PlayerSort,
} from '@backline/contract/reports/players';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ExportButton } from '@/components/export/export-button';
import { AgentSelect } from '@/components/ui/agent-select';
import { ChoiceField } from '@/components/ui/choice-field';
import { urlSort } from '@/components/ui/data-table';
import { FilterPanel } from '@/components/ui/filter-panel';
import { Pager, pageCount } from '@/components/ui/pager';
import { ReportPage } from '@/components/ui/report-page';
import { SearchField } from '@/components/ui/search-field';
import { EmptyState } from '@/components/ui/states';
import { formatDayRange, useLocale } from '@/lib/format';
import { useSiteTimeZone } from '@/lib/time-zone';
import { useAgentStore } from '@/stores/agent-store';
import { usePlayers } from '../api/get-players';
import { NewPlayerForm } from './new-player-form';
import { PlayersTable } from './players-table';
import { usePlayersState } from './use-players-state';
import '@/components/payments/payments.css';
import '@/components/ui/report-extras.css';
import './players.css';

const SEARCH_MAX = PlayersRequest.shape.search.out.unwrap().maxLength ?? 64;

/** The players an agent runs: paged, searched, filtered and sorted on the server. */
export function Players() {
  const { t } = useTranslation();
  const locale = useLocale();
  const timeZone = useSiteTimeZone();
  const mayWatch = useAgentStore((s) => s.rights.includes('managePlayers'));
  const mayCreate = mayWatch;
  const [creating, setCreating] = useState(false);
  const [state, update] = usePlayersState();
  const { search, ...rest } = state;
  const request = { ...rest, search: search || undefined };
  const query = usePlayers(request);
  const page = query.data;
  const onSearch = useCallback((search: string) => update({ search }), [update]);

  // A page past the end (fewer players since the link was made): go to the last one instead.
  const lastPage = page ? pageCount(page.TotalRows, state.pageSize) : 1;
  const pastTheEnd = !!page && !query.isPlaceholderData && state.page > lastPage;
  useEffect(() => {
    if (pastTheEnd) update({ page: lastPage });
  }, [pastTheEnd, lastPage, update]);

  const filtered = state.filter !== 'all' || !!search;
  return (
    <ReportPage
      screen="players"
      query={query}
      isEmpty={(p) => p.TotalRows === 0 && !filtered}
      period={
        page &&
        t('players.weekNote', { week: formatDayRange(page.StartDate, page.EndDate, locale) })
      }
      countOf={(p) => p.TotalRows}
      countKey="players.playerCount"
      tools={
        <>
          {mayCreate && !creating && (
            <button
              type="button"
              className="button button--primary"
              onClick={() => setCreating(true)}
            >
              {t('players.new.open')}
            </button>
          )}
          <ExportButton target={{ report: 'players', filters: request }} />
        </>
      }
      filters={
        <>
          {creating && <NewPlayerForm idAgent={state.idAgent} onDone={() => setCreating(false)} />}
          <FilterPanel className="filters--flow">
            <AgentSelect value={state.idAgent} onChange={(idAgent) => update({ idAgent })} />
            <ChoiceField
              label={t('players.filter')}
              value={state.filter}
              choices={PLAYER_FILTERS.map((value) => ({
                value,
                label: t(`players.filters.${value}`),
                ...(value === 'all' ? { summary: 'skip' as const } : {}),
              }))}
              onChange={(filter) => update({ filter })}
            />
            <SearchField
              label={t('players.search')}
              value={search}
              onSearch={onSearch}
              maxLength={SEARCH_MAX}
            />
          </FilterPanel>
        </>
      }
    >
      {(page) => (
        <>
          {page.TotalRows === 0 && <EmptyState message={t('players.empty')} />}
          {page.TotalRows > 0 && (
            <>
              <PlayersTable
                page={page}
                sort={state.sort}
                dir={state.dir}
                onSort={(next) => update(urlSort<PlayerSort>(next))}
                mayWatch={mayWatch}
                locale={locale}
                timeZone={timeZone}
                caption={t('players.caption')}
                fetching={query.isFetching}
              />
              <Pager
                page={state.page}
                pageSize={state.pageSize}
                totalRows={page.TotalRows}
                locale={locale}
                onPage={(p) => update({ page: p })}
                onPageSize={(pageSize) => update({ pageSize })}
              />
            </>
          )}
        </>
      )}
    </ReportPage>
  );
}
