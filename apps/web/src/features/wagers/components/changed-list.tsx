import { useTranslation } from 'react-i18next';
import { EmptyState, ErrorState } from '@/components/ui/states';
import { TableSkeleton } from '@/components/ui/table-skeleton';
import { useErrorMessage } from '@/lib/errors';
import { useChangedBets } from '../api/get-changed-bets-report';
import { changedFilters, type WagerCenterState } from '../utils/filters';
import { ChangedBetsTable } from './changed-bets-table';

interface ChangedListProps {
  state: WagerCenterState;
  onOpen: (idWager: number) => void;
  locale: string;
  timeZone: string;
  caption: string;
}

export function ChangedList({ state, onOpen, locale, timeZone, caption }: ChangedListProps) {
  const { t } = useTranslation();
  const errorMessage = useErrorMessage();
  const query = useChangedBets(changedFilters(state));
  const report = query.data;
  if (query.isPending) return <TableSkeleton label={t('wagers.loading')} />;
  if (query.isError && !report) {
    return <ErrorState message={errorMessage(query.error)} onRetry={() => void query.refetch()} />;
  }
  if (!report) return null;
  if (report.Rows.length === 0) return <EmptyState message={t('wagers.empty.changed')} />;
  return (
    <div className="table-frame" aria-busy={query.isFetching}>
      {query.isFetching && <span className="refresh-bar" aria-hidden="true" />}
      <ChangedBetsTable
        rows={report.Rows}
        onOpen={onOpen}
        locale={locale}
        timeZone={timeZone}
        caption={caption}
      />
    </div>
  );
}
