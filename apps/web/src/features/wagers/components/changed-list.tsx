import { useTranslation } from 'react-i18next';
import { QueryState } from '@/components/ui/query-state';
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
  const query = useChangedBets(changedFilters(state));
  return (
    <QueryState
      query={query}
      loading={t('wagers.loading')}
      empty={t('wagers.empty.changed')}
      isEmpty={(report) => report.Rows.length === 0}
    >
      {(report) => (
        <ChangedBetsTable
          rows={report.Rows}
          onOpen={onOpen}
          locale={locale}
          timeZone={timeZone}
          caption={caption}
          fetching={query.isFetching}
        />
      )}
    </QueryState>
  );
}
