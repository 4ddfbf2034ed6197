import type {
  PlayerStandingResponse,
  PlayerStandingRow,
} from '@backline/contract/reports/player-standing';
import { formatMoney } from '@backline/contract/core/money';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable, type DataColumn, type Sort } from '@/components/ui/data-table';
import { PlayerLink } from '@/components/ui/player-link';
import { columnCss } from '@/lib/column-width';
import { columnChars, FIGURE_KEYS, type FigureKey } from '../utils/standing-rows';

type Total = PlayerStandingResponse['Totals'][number];

const VIRTUALIZE_FROM = 120;
// Limits and exposure are not results: they are shown without the win/loss colours.
const NEUTRAL: ReadonlySet<FigureKey> = new Set(['CreditLimit', 'AtRisk', 'FreePlayBalance']);
// Secondary figures are set smaller (12 px beside the table's 13 px), their columns narrower.
const MINOR: ReadonlySet<FigureKey> = new Set([
  'CreditLimit',
  'FreePlayBalance',
  'Sports',
  'Casino',
  'Horses',
]);

/** Available stands out; the balance is the key figure, kept in view at the right edge. */
function figureClass(key: FigureKey): string | undefined {
  if (key === 'Available') return 'col-strong';
  if (key === 'Balance') return 'col-key';
  return MINOR.has(key) ? 'col-minor' : undefined;
}

interface StandingTableProps {
  report: PlayerStandingResponse;
  rows: readonly PlayerStandingRow[];
  sort: Sort | null;
  onSort: (sort: Sort) => void;
  locale: string;
  caption: string;
  fetching: boolean;
}

export function StandingTable(props: StandingTableProps) {
  const { report, rows, sort, onSort, locale, caption, fetching } = props;
  const { t } = useTranslation();
  const widths = useMemo(() => {
    const labels = Object.fromEntries(
      FIGURE_KEYS.map((key) => [key, t(`playerStanding.columns.${key}`)]),
    ) as Record<FigureKey, string>;
    return columnChars(
      report.Rows,
      report.Totals,
      (minor, currency) => formatMoney(minor, currency, locale),
      labels,
    );
  }, [report, locale, t]);
  const figureWidths = FIGURE_KEYS.map((key) => columnCss(widths[key], MINOR.has(key)));

  const columns: DataColumn<PlayerStandingRow, Total>[] = [
    {
      id: 'Player',
      header: t('playerStanding.columns.Player'),
      colClassName: 'col-player-width',
      sortable: true,
      cell: (row) => <PlayerLink idPlayer={row.IdPlayer} login={row.Player} name={row.Name} />,
      total: (total) => (
        <>
          {report.Totals.length > 1
            ? `${t('weeklyBalance.totals')} ${total.Currency}`
            : t('weeklyBalance.totals')}
          <span className="totals-label__sub">
            {t('playerStanding.playerCount', { count: total.Players })}
          </span>
        </>
      ),
    },
    {
      id: 'Agent',
      header: t('playerStanding.columns.Agent'),
      className: 'col-agent',
      colClassName: 'col-agent-width',
      sortable: true,
      cell: (row) => row.Agent,
    },
    ...FIGURE_KEYS.map((key, i): DataColumn<PlayerStandingRow, Total> => ({
      id: key,
      header: t(`playerStanding.columns.${key}`),
      className: figureClass(key),
      width: figureWidths[i],
      sortable: true,
      descFirst: true,
      money: (row) => ({ minor: row[key], currency: row.Currency, neutral: NEUTRAL.has(key) }),
      totalMoney: (total) => ({
        minor: total[key],
        currency: total.Currency,
        neutral: NEUTRAL.has(key),
      }),
    })),
  ];

  return (
    <DataTable
      rows={rows}
      columns={columns}
      caption={caption}
      getRowId={(row) => String(row.IdPlayer)}
      locale={locale}
      className="report-table--fixed report-table--tight"
      tableStyle={{
        width: `calc(var(--player-col) + var(--agent-col) + ${figureWidths.join(' + ')})`,
      }}
      totals={report.Totals}
      totalKey={(total) => total.Currency}
      sort={sort}
      onSort={onSort}
      fetching={fetching}
      virtualizeFrom={VIRTUALIZE_FROM}
    />
  );
}
