import { useTranslation } from 'react-i18next';
import { PaymentTotals } from '@/components/payments/payment-totals';
import { DateTime } from '@/components/ui/date-time';
import { MoneyCell } from '@/components/ui/money-cell';
import { PlayerLink } from '@/components/ui/player-link';
import type { PlayerPaymentsResponse } from '../api/get-player-payments';

interface PaymentsTableProps {
  report: PlayerPaymentsResponse;
  locale: string;
  timeZone: string;
  caption: string;
}

export function PaymentsTable({ report, locale, timeZone, caption }: PaymentsTableProps) {
  const { t } = useTranslation();
  return (
    <div className="table-scroll" role="region" aria-label={caption} tabIndex={0}>
      <table className="report-table payments-table">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            <th scope="col" className="col-player">
              {t('playerPayment.columns.player')}
            </th>
            <th scope="col">{t('playerPayment.columns.date')}</th>
            <th scope="col">{t('payments.direction')}</th>
            <th scope="col">{t('payments.method')}</th>
            <th scope="col" className="num col-key">
              {t('playerPayment.columns.amount')}
            </th>
            <th scope="col" className="num">
              {t('playerPayment.columns.balanceAfter')}
            </th>
            <th scope="col">{t('payments.note')}</th>
            <th scope="col">{t('payments.enteredBy')}</th>
          </tr>
        </thead>
        <tbody>
          {report.Rows.map((row) => (
            <tr key={row.IdPayment}>
              <th scope="row" className="col-player">
                <PlayerLink idPlayer={row.IdPlayer} login={row.Player} name={row.Name} />
              </th>
              <td className="when">
                <DateTime instant={row.CreatedAt} locale={locale} timeZone={timeZone} />
              </td>
              <td>
                {t(`playerPayment.directions.${row.Amount >= 0 ? 'receipt' : 'disbursement'}`)}
              </td>
              <td>{t(`payments.methods.${row.Method}`)}</td>
              <MoneyCell
                minor={row.Amount}
                currency={row.Currency}
                locale={locale}
                className="col-key"
              />
              <MoneyCell minor={row.BalanceAfter} currency={row.Currency} locale={locale} />
              <td className="payments-table__note">{row.Note}</td>
              <td className="payments-table__by">{row.EnteredBy}</td>
            </tr>
          ))}
        </tbody>
        <PaymentTotals
          totals={report.Totals.map((total) => ({
            Currency: total.Currency,
            Count: total.Count,
            In: total.Receipts,
            Out: total.Disbursements,
            Net: total.Net,
          }))}
          countKey="playerPayment.count"
          inKey="playerPayment.directions.receipt"
          outKey="playerPayment.directions.disbursement"
          splitColumns={3}
          trailingColumns={3}
          locale={locale}
        />
      </table>
    </div>
  );
}
