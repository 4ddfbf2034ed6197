import type { Wager } from '@backline/contract/reports/wagers';
import { useTranslation } from 'react-i18next';
import { urlSort } from '@/components/ui/data-table';
import { Pager } from '@/components/ui/pager';
import { QueryState } from '@/components/ui/query-state';
import { useGradedBets } from '../api/get-graded-bets-report';
import { useOpenBets } from '../api/get-open-bets';
import { gradedFilters, type WagerCenterState, type WagerSort } from '../utils/filters';
import type { WagerCenterPatch } from './use-wager-center-state';
import { WagersTable } from './wagers-table';

interface WagerListProps {
  state: WagerCenterState;
  onChange: (patch: WagerCenterPatch) => void;
  onOpen: (wager: Wager) => void;
  locale: string;
  timeZone: string;
  caption: string;
}

/** The open or graded wagers of the filter, one server page at a time. */
export function WagerList({ state, onChange, onOpen, locale, timeZone, caption }: WagerListProps) {
  const { t } = useTranslation();
  const graded = state.tab === 'graded';
  const open = useOpenBets(state.list, !graded);
  const gradedQuery = useGradedBets(gradedFilters(state), graded);
  const query = graded ? gradedQuery : open;

  return (
    <QueryState
      query={query}
      loading={t('wagers.loading')}
      empty={t(`wagers.empty.${state.tab}`)}
      isEmpty={(page) => page.TotalRows === 0}
    >
      {(page) => (
        <>
          <WagersTable
            graded={graded}
            page={page}
            sort={state.list.sort}
            dir={state.list.dir}
            onSort={(next) => onChange({ list: urlSort<WagerSort>(next) })}
            onOpen={onOpen}
            locale={locale}
            timeZone={timeZone}
            caption={caption}
            fetching={query.isFetching}
          />
          <Pager
            page={state.list.page}
            pageSize={state.list.pageSize}
            totalRows={page.TotalRows}
            locale={locale}
            onPage={(p) => onChange({ list: { page: p } })}
            onPageSize={(pageSize) => onChange({ list: { pageSize } })}
          />
        </>
      )}
    </QueryState>
  );
}
