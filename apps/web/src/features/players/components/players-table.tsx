import type { PlayerSort } from '@backline/contract/reports/players';
import type { PlayerListRow, PlayersPage } from '@backline/contract/reports/players';
import type { SortDir } from '@backline/contract/core/common';
import { useTranslation } from 'react-i18next';
import { DataTable, tableSort, type DataColumn, type Sort } from '@/components/ui/data-table';
import { DateTime } from '@/components/ui/date-time';
import { PlayerLink } from '@/components/ui/player-link';
import { formatDecimal } from '@/lib/format';
import { WatchToggle } from './watch-toggle';

type Column = DataColumn<PlayerListRow>;
type Figure = 'Balance' | 'CreditLimit' | 'AtRisk' | 'Available' | 'ThisWeek';

// Each money column by the order it sorts by; limits and exposure read without win/loss colours.
const FIGURES: readonly { key: Figure; sort: PlayerSort; neutral?: boolean; className?: string }[] =
  [
    { key: 'Balance', sort: 'balance', className: 'col-key' },
    { key: 'CreditLimit', sort: 'creditLimit', neutral: true, className: 'col-minor' },
    { key: 'AtRisk', sort: 'atRisk', neutral: true },
    { key: 'Available', sort: 'available', className: 'col-strong' },
    { key: 'ThisWeek', sort: 'thisWeek' },
  ];

interface PlayersTableProps {
  page: PlayersPage;
  sort: PlayerSort;
  dir: SortDir;
  onSort: (sort: Sort) => void;
  /** Given when the agent may change the watch list: each row gets its toggle. */
  mayWatch: boolean;
  locale: string;
  timeZone: string;
  caption: string;
  fetching: boolean;
}

/** One page of the players list, sorted on the server; flags read beside each player. */
export function PlayersTable(props: PlayersTableProps) {
  const { page, sort, dir, onSort, mayWatch, locale, timeZone, caption, fetching } = props;
  const { t } = useTranslation();
  const columns: Column[] = [
    {
      id: 'watch',
      header: t('players.columns.Watch'),
      className: 'col-watch',
      cell: (row) => <WatchToggle player={row} editable={mayWatch} />,
    },
    {
      id: 'player',
      header: t('players.columns.Player'),
      sortable: true,
      cell: (row) => (
        <>
          <PlayerLink idPlayer={row.IdPlayer} login={row.Player} name={row.Name} to="page" />
          {row.OverLimit && <span className="tag tag--over">{t('players.flagOverLimit')}</span>}
          {row.Sharp && (
            <span
              className="tag tag--sharp"
              title={t('players.sharpHint', { score: formatDecimal(row.ClvScore ?? 0, locale, 1) })}
            >
              {t('players.flagSharp')}
            </span>
          )}
        </>
      ),
    },
    {
      id: 'agent',
      header: t('players.columns.Agent'),
      className: 'col-agent',
      sortable: true,
      cell: (row) => row.Agent,
    },
    {
      id: 'status',
      header: t('players.columns.Status'),
      cell: (row) => (
        <span className={`player-status player-status--${row.Status}`}>
          {t(`players.statuses.${row.Status}`)}
        </span>
      ),
    },
    ...FIGURES.map(({ key, sort: id, neutral, className }): Column => ({
      id,
      header: t(`players.columns.${key}`),
      className,
      sortable: true,
      descFirst: true,
      money: (row) => ({ minor: row[key], currency: row.Currency, neutral }),
    })),
    {
      id: 'lastWager',
      header: t('players.columns.LastWagerAt'),
      className: 'when',
      cell: (row) =>
        row.LastWagerAt ? (
          <DateTime instant={row.LastWagerAt} locale={locale} timeZone={timeZone} />
        ) : (
          <span className="muted">{t('players.never')}</span>
        ),
    },
  ];
  return (
    <DataTable
      rows={page.Rows}
      columns={columns}
      caption={caption}
      getRowId={(row) => String(row.IdPlayer)}
      locale={locale}
      className="report-table--tight players-table"
      rowClassName={(row) => (row.Watched ? 'is-watched' : undefined)}
      sort={tableSort({ sort, dir })}
      onSort={onSort}
      fetching={fetching}
      rankedIn={page.RankedIn}
    />
  );
}
