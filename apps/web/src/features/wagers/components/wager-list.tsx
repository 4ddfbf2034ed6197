import type { Wager } from '@backline/contract/endpoints/wagers';
import { useTranslation } from 'react-i18next';
import { ConversionNote } from '@/components/currency/conversion-note';
import { Pager } from '@/components/ui/pager';
import { EmptyState, ErrorState } from '@/components/ui/states';
import { TableSkeleton } from '@/components/ui/table-skeleton';
import { useErrorMessage } from '@/lib/errors';
import { useGradedBets } from '../api/get-graded-bets-report';
import { useOpenBets } from '../api/get-open-bets';
import { gradedFilters, nextSort, type WagerCenterState } from '../utils/filters';
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
  const errorMessage = useErrorMessage();
  const graded = state.tab === 'graded';
  const open = useOpenBets(state.list, !graded);
  const gradedQuery = useGradedBets(gradedFilters(state), graded);
  const query = graded ? gradedQuery : open;
  const page = query.data;

  if (query.isPending) return <TableSkeleton label={t('wagers.loading')} />;
  if (query.isError && !page) {
    return <ErrorState message={errorMessage(query.error)} onRetry={() => void query.refetch()} />;
  }
  if (!page) return null;
  if (page.TotalRows === 0) return <EmptyState message={t(`wagers.empty.${state.tab}`)} />;
  return (
    <>
      {query.isError && (
        <ErrorState message={errorMessage(query.error)} onRetry={() => void query.refetch()} />
      )}
      <ConversionNote conversion={page.RankedIn} kind="ranked" />
      <div className="table-frame" aria-busy={query.isFetching}>
        {query.isFetching && <span className="refresh-bar" aria-hidden="true" />}
        <WagersTable
          graded={graded}
          page={page}
          sort={state.list.sort}
          dir={state.list.dir}
          onSort={(key) => onChange({ list: nextSort(state.list, key) })}
          onOpen={onOpen}
          locale={locale}
          timeZone={timeZone}
          caption={caption}
        />
      </div>
      <Pager
        page={state.list.page}
        pageSize={state.list.pageSize}
        totalRows={page.TotalRows}
        locale={locale}
        onPage={(p) => onChange({ list: { page: p } })}
        onPageSize={(pageSize) => onChange({ list: { pageSize } })}
      />
    </>
  );
}
