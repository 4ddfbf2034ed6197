import type {
  MasterSheetResponse,
  SheetFigures,
  SheetNet,
  SheetRow,
} from '@backline/contract/reports/master-sheet';
import { Period } from '@backline/contract/core/enums';
import { daysBetween, localDate, mondayOf } from '@backline/contract/core/periods';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DataTable, type DataColumn } from '@/components/ui/data-table';
import { Money } from '@/components/ui/money-cell';
import { paths } from '@/config/paths';
import { formatCount } from '@/lib/format';
import { useSiteTimeZone } from '@/lib/time-zone';
import { dealSummary, makeupText, owesWords } from '../utils/sheet-words';
import { masterSheetUrl } from './use-master-sheet-filters';

const PRODUCTS = ['Sports', 'Casino', 'Horses', 'Rbl'] as const satisfies (keyof SheetNet)[];

interface SheetTableProps {
  sheet: MasterSheetResponse;
  locale: string;
  fetching: boolean;
  /** The sheet's owner as the rows' words name it: null when it is the reader. */
  owner: string | null;
  byProduct: boolean;
  onDeal: (row: SheetRow) => void;
  /** Null: the reader may not enter settlements. */
  onSettle: ((row: SheetRow) => void) | null;
}

export function SheetTable(props: SheetTableProps) {
  const { sheet, locale, fetching, owner, byProduct, onDeal, onSettle } = props;
  const { t } = useTranslation();
  const timeZone = useSiteTimeZone();
  const currency = sheet.Currency;
  const money = (minor: number) => ({ minor, currency });
  const owes = (minor: number) => (
    <span className="ms-stack">
      <Money minor={minor} currency={currency} locale={locale} />{' '}
      <span className="ms-stack__sub">{owesWords(minor, t, owner)}</span>
    </span>
  );
  // The players' weekly balance offers the four latest weeks.
  const weeksBack = daysBetween(sheet.StartDate, mondayOf(localDate(new Date(), timeZone))) / 7;
  const playersUrl = (row: SheetRow) => {
    const params = new URLSearchParams({ idAgent: String(row.IdAgent) });
    if (weeksBack >= 0 && weeksBack <= 3) params.set('period', String(Period.ThisWeek + weeksBack));
    return `${paths.newWeeklyBalance}?${params}`;
  };
  const late = sheet.Totals.Late.Total !== 0 || sheet.Rows.some((r) => r.Late.Total !== 0);
  const figure = (
    id: string,
    header: string,
    pick: (f: SheetFigures) => number,
  ): DataColumn<SheetRow, SheetFigures> => ({
    id,
    header,
    sortValue: pick,
    descFirst: true,
    money: (row) => money(pick(row)),
    totalMoney: (total) => money(pick(total)),
  });

  const columns: DataColumn<SheetRow, SheetFigures>[] = [
    {
      id: 'agent',
      header: t('masterSheet.columns.agent'),
      className: 'col-player',
      sortValue: (row) => row.Agent,
      cell: (row) => (
        <span className="master-sheet__agent">
          {row.HasSubAgents ? (
            <Link
              className="player-link"
              to={masterSheetUrl(paths.masterSheet, row.IdAgent, sheet.StartDate)}
              aria-label={t('masterSheet.openSheet', { agent: row.Agent })}
            >
              <span className="player__login">{row.Agent}</span>
            </Link>
          ) : (
            <span className="player__login">{row.Agent}</span>
          )}
          {row.Name && row.Name !== row.Agent && <span className="player__name">{row.Name}</span>}
        </span>
      ),
      total: () => t('masterSheet.totals'),
    },
    {
      id: 'status',
      header: t('masterSheet.columns.status'),
      className: 'master-sheet__status',
      cell: (row) => (
        <span className="master-sheet__row-tools">
          <span className={`ms-pill ms-pill--${row.Status}`}>
            {t(`masterSheet.status.${row.Status}`)}
          </span>
          {onSettle && row.BalanceForward !== 0 && (
            <button
              type="button"
              className="button button--ghost"
              aria-label={t('masterSheet.settleWith', { agent: row.Agent })}
              onClick={() => onSettle(row)}
            >
              {t('masterSheet.settleAction')}
            </button>
          )}
        </span>
      ),
    },
    {
      id: 'deal',
      header: t('masterSheet.columns.deal'),
      className: 'master-sheet__deal',
      cell: (row) => (
        // The summary is the button: the terms in force open their dialog.
        <button type="button" className="master-sheet__deal-button" onClick={() => onDeal(row)}>
          <span className="visually-hidden">{t('masterSheet.dealOf', { agent: row.Agent })}: </span>
          {dealSummary(row.Deal, t, currency, locale)}
        </button>
      ),
    },
    {
      id: 'net',
      header: t('masterSheet.columns.net'),
      className: 'num',
      sortValue: (row) => row.Net.Total,
      descFirst: true,
      // The players' result leads to the players' own weekly balance.
      cell: (row) => (
        <Link className="master-sheet__figure-link" to={playersUrl(row)}>
          <span className="visually-hidden">
            {t('masterSheet.playersOf', { agent: row.Agent })}:{' '}
          </span>
          <Money minor={row.Net.Total} currency={currency} locale={locale} />
        </Link>
      ),
      totalMoney: (total) => money(total.Net.Total),
    },
    ...(byProduct
      ? PRODUCTS.map((p) => figure(`net${p}`, t(`masterSheet.products.${p}`), (f) => f.Net[p]))
      : []),
    ...(late ? [figure('late', t('masterSheet.columns.late'), (f) => f.Late.Total)] : []),
    {
      id: 'makeup',
      header: t('masterSheet.columns.makeup'),
      className: 'num nowrap master-sheet__makeup',
      cell: (row) => makeupText(row.MakeupBefore, row.MakeupAfter, currency, locale),
      total: (total) => makeupText(total.MakeupBefore, total.MakeupAfter, currency, locale),
    },
    figure('earnings', t('masterSheet.columns.earnings'), (f) => f.Earnings),
    {
      id: 'active',
      header: t('masterSheet.columns.active'),
      className: 'num',
      sortValue: (row) => row.ActivePlayers,
      descFirst: true,
      cell: (row) => formatCount(row.ActivePlayers, locale),
      total: (total) => formatCount(total.ActivePlayers, locale),
    },
    figure('headFees', t('masterSheet.columns.headFees'), (f) => f.HeadFees),
    {
      id: 'owed',
      header: t('masterSheet.columns.owed'),
      className: 'num',
      sortValue: (row) => row.Owed,
      descFirst: true,
      cell: (row) => owes(row.Owed),
      total: (total) => owes(total.Owed),
    },
    figure('broughtForward', t('masterSheet.columns.broughtForward'), (f) => f.BroughtForward),
    figure('paid', t('masterSheet.columns.paid'), (f) => f.Paid),
    {
      id: 'balanceForward',
      header: t('masterSheet.columns.balanceForward'),
      className: 'num col-key',
      sortValue: (row) => row.BalanceForward,
      descFirst: true,
      cell: (row) => owes(row.BalanceForward),
      total: (total) => owes(total.BalanceForward),
    },
  ];
  return (
    <DataTable
      rows={sheet.Rows}
      columns={columns}
      caption={t('masterSheet.caption', { agent: sheet.Agent })}
      getRowId={(row) => String(row.IdAgent)}
      locale={locale}
      className="report-table--tight master-sheet__table"
      totals={[sheet.Totals]}
      totalKey={() => 'totals'}
      rowHeight={52}
      totalRowHeight={52}
      fetching={fetching}
    />
  );
}
