import type { PlayerHistoryResponse } from '@backline/contract/endpoints/money-reports';
import { useTranslation } from 'react-i18next';
import { DateTime } from '@/components/ui/date-time';
import { Money, MoneyCell } from '@/components/ui/money-cell';
import { useLedgerLineText } from '@/lib/ledger-description';
import { typeLabelKey } from './type-select';

interface HistoryTableProps {
  report: PlayerHistoryResponse;
  locale: string;
  timeZone: string;
  caption: string;
}

/** The ledger of the period between its opening and closing balance, each entry with the balance after it. */
export function HistoryTable({ report, locale, timeZone, caption }: HistoryTableProps) {
  const { t } = useTranslation();
  const describe = useLedgerLineText();
  const currency = report.Player.Currency;
  return (
    <div className="table-scroll" role="region" aria-label={caption} tabIndex={0}>
      <table className="report-table history-table">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            <th scope="col" className="col-player">
              {t('playerHistory.columns.when')}
            </th>
            <th scope="col">{t('playerHistory.columns.type')}</th>
            <th scope="col">{t('playerHistory.columns.description')}</th>
            <th scope="col" className="num">
              {t('playerHistory.columns.amount')}
            </th>
            <th scope="col" className="num col-key">
              {t('playerHistory.columns.balance')}
            </th>
            <th scope="col">{t('playerHistory.columns.enteredBy')}</th>
          </tr>
        </thead>
        <tbody>
          <tr className="history-table__edge">
            <th scope="row" className="col-player">
              {t('playerHistory.opening')}
            </th>
            <td colSpan={3} />
            <MoneyCell
              minor={report.OpeningBalance}
              currency={currency}
              locale={locale}
              className="col-key"
            />
            <td />
          </tr>
          {report.Rows.map((row) => (
            <tr key={row.IdTransaction}>
              <th scope="row" className="col-player when history-table__when">
                <DateTime instant={row.CreatedAt} locale={locale} timeZone={timeZone} />
              </th>
              <td>{t(typeLabelKey(row.Type))}</td>
              <td className="history-table__description">{describe(row)}</td>
              <MoneyCell minor={row.Amount} currency={currency} locale={locale} />
              <td className="num col-key history-table__running">
                <Money minor={row.BalanceAfter} currency={currency} locale={locale} />
              </td>
              <td className="history-table__by">
                {/* Entries the book posts by itself (gradings) name no person. */}
                {row.CreatedBy === 'system' ? t('playerHistory.bySystem') : row.CreatedBy}
              </td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row" className="col-player">
              {t('playerHistory.closing')}
            </th>
            <td colSpan={3} />
            <MoneyCell
              minor={report.ClosingBalance}
              currency={currency}
              locale={locale}
              className="col-key"
            />
            <td />
          </tr>
        </tfoot>
      </table>
    </div>
  );
}
