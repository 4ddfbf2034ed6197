import type { ChangedBet } from '@backline/contract/reports/wagers';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMoneyRanking } from '@/components/currency/money-ranking';
import { type DataColumn, DataTable, figureColumn, type Sort } from '@/components/ui/data-table';
import { Money } from '@/components/ui/money-cell';
import { DateTime } from '@/components/ui/date-time';
import { formatCount } from '@/lib/format';
import { changedTotals, sortChanged, type ChangedSortKey } from '../utils/totals';
import { PlayerCell, TicketButton } from './wager-columns';

interface ChangedBetsTableProps {
  rows: readonly ChangedBet[];
  onOpen: (idWager: number) => void;
  locale: string;
  timeZone: string;
  caption: string;
  fetching: boolean;
}

type Column = DataColumn<ChangedBet, ReturnType<typeof changedTotals>[number]>;

function Snapshot({
  snap,
  currency,
  locale,
}: {
  snap: ChangedBet['Before'];
  currency: string;
  locale: string;
}) {
  const { t } = useTranslation();
  const status = snap.Status ? t(`wagers.statuses.${snap.Status}`, snap.Status) : '—';
  const result = snap.Result ? t(`betResults.${snap.Result}`, snap.Result) : '';
  return (
    <span className="snapshot">
      <span>
        {status}
        {result && snap.Result !== snap.Status ? ` · ${result}` : ''}
      </span>
      <span className="cell-sub">
        <Money minor={snap.Amount} currency={currency} locale={locale} />
      </span>
    </span>
  );
}

/** Deleted, regraded and changed wagers: who, when, why, before and after. The list comes whole. */
export function ChangedBetsTable(props: ChangedBetsTableProps) {
  const { rows, onOpen, locale, timeZone, caption, fetching } = props;
  const { t } = useTranslation();
  const [sort, setSort] = useState<Sort>({ id: 'changedAt', desc: true });
  const ranking = useMoneyRanking();
  const key = sort.id as ChangedSortKey;
  const dir = sort.desc ? 'desc' : 'asc';
  const sorted = useMemo(
    () => sortChanged(rows, key, dir, locale, ranking.value),
    [rows, key, dir, locale, ranking],
  );
  const rankedIn = key === 'amount' ? ranking.conversion(rows.map((r) => r.Currency)) : null;
  const totals = useMemo(() => changedTotals(rows), [rows]);
  const snapshot = (
    id: 'before' | 'after',
    of: (c: ChangedBet) => ChangedBet['Before'],
  ): Column => ({
    id,
    header: t(`wagers.columns.${id}`),
    cell: (c) => <Snapshot snap={of(c)} currency={c.Currency} locale={locale} />,
  });
  const columns: Column[] = [
    {
      id: 'ticket',
      header: t('wagers.columns.ticket'),
      cell: (c) => <TicketButton ticket={c.Ticket} onOpen={() => onOpen(c.IdWager)} />,
      total: (total) => t('wagers.totals', { currency: total.Currency }),
    },
    {
      id: 'changedAt',
      header: t('wagers.columns.changedAt'),
      className: 'when',
      sortable: true,
      descFirst: true,
      cell: (c) => <DateTime instant={c.ChangedAt} locale={locale} timeZone={timeZone} />,
      totalSpan: 7,
      totalClassName: 'totals-scope',
      total: (total) =>
        t('wagers.changeCount', {
          count: total.Count,
          formatted: formatCount(total.Count, locale),
        }),
    },
    {
      id: 'player',
      header: t('wagers.columns.player'),
      sortable: true,
      cell: (c) => <PlayerCell login={c.Player} name={c.Name} />,
    },
    {
      id: 'status',
      header: t('wagers.columns.status'),
      cell: (c) => (
        <span className={`tag tag--${c.Status}`}>{t(`changeStatuses.${c.Status}`)}</span>
      ),
    },
    {
      id: 'changedBy',
      header: t('wagers.columns.changedBy'),
      className: 'nowrap',
      cell: (c) => c.ChangedBy,
    },
    {
      id: 'reason',
      header: t('wagers.columns.reason'),
      className: 'wagers-table__description',
      cell: (c) => c.Reason,
    },
    snapshot('before', (c) => c.Before),
    snapshot('after', (c) => c.After),
    figureColumn('Amount', 'amount', t('wagers.columns.balanceMove'), 'col-key'),
  ];
  return (
    <DataTable
      rows={sorted}
      columns={columns}
      caption={caption}
      getRowId={(c) => String(c.IdChange)}
      locale={locale}
      className="report-table--tight wagers-table"
      totals={totals}
      totalKey={(total) => total.Currency}
      sort={sort}
      onSort={setSort}
      fetching={fetching}
      rowHeight={56}
      rankedIn={rankedIn}
    />
  );
}
