import type { AgentPaymentsResponse } from '@backline/contract/endpoints/money-reports';
import { useTranslation } from 'react-i18next';
import { PaymentTotals } from '@/components/payments/payment-totals';
import { DateTime } from '@/components/ui/date-time';
import { MoneyCell } from '@/components/ui/money-cell';

interface AgentPaymentsTableProps {
  report: AgentPaymentsResponse;
  locale: string;
  timeZone: string;
  caption: string;
}

export function AgentPaymentsTable({ report, locale, timeZone, caption }: AgentPaymentsTableProps) {
  const { t } = useTranslation();
  return (
    <div className="table-scroll" role="region" aria-label={caption} tabIndex={0}>
      <table className="report-table payments-table">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            <th scope="col" className="col-player">
              {t('agentPayments.columns.agent')}
            </th>
            <th scope="col">{t('agentPayments.columns.master')}</th>
            <th scope="col">{t('agentPayments.columns.date')}</th>
            <th scope="col">{t('payments.direction')}</th>
            <th scope="col">{t('payments.method')}</th>
            <th scope="col" className="num col-key">
              {t('agentPayments.columns.amount')}
            </th>
            <th scope="col">{t('payments.note')}</th>
            <th scope="col">{t('payments.enteredBy')}</th>
          </tr>
        </thead>
        <tbody>
          {report.Rows.map((row) => (
            <tr key={row.IdPayment}>
              <th scope="row" className="col-player payments-table__agent">
                {row.Agent}
              </th>
              <td className="payments-table__by">{row.Master}</td>
              <td className="when">
                <DateTime instant={row.CreatedAt} locale={locale} timeZone={timeZone} />
              </td>
              <td>
                {t(`agentPayments.directions.${row.Amount >= 0 ? 'toMaster' : 'fromMaster'}`)}
              </td>
              <td>{t(`payments.methods.${row.Method}`)}</td>
              <MoneyCell
                minor={row.Amount}
                currency={row.Currency}
                locale={locale}
                className="col-key"
              />
              <td className="payments-table__note">{row.Note}</td>
              <td className="payments-table__by">{row.EnteredBy}</td>
            </tr>
          ))}
        </tbody>
        <PaymentTotals
          totals={report.Totals.map((total) => ({
            Currency: total.Currency,
            Count: total.Count,
            In: total.ToMaster,
            Out: total.FromMaster,
            Net: total.Net,
          }))}
          countKey="agentPayments.count"
          inKey="agentPayments.directions.toMaster"
          outKey="agentPayments.directions.fromMaster"
          splitColumns={4}
          trailingColumns={2}
          locale={locale}
        />
      </table>
    </div>
  );
}
