import type { AgentPaymentsResponse } from '@backline/contract/endpoints/money-reports';
import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { Money, MoneyCell } from '@/components/ui/money-cell';
import { formatDateTime } from '@/lib/format';

const TOTAL_ROW_PX = 44;

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
            <th scope="col" className="num">
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
              <td className="nowrap">{formatDateTime(row.CreatedAt, locale, timeZone)}</td>
              <td>
                {t(`agentPayments.directions.${row.Amount >= 0 ? 'toMaster' : 'fromMaster'}`)}
              </td>
              <td>{t(`payments.methods.${row.Method}`)}</td>
              <MoneyCell minor={row.Amount} currency={row.Currency} locale={locale} />
              <td className="payments-table__note">{row.Note}</td>
              <td className="payments-table__by">{row.EnteredBy}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          {report.Totals.map((total, i) => (
            <tr
              key={total.Currency}
              style={
                {
                  '--sticky-bottom': `${(report.Totals.length - 1 - i) * TOTAL_ROW_PX}px`,
                } as CSSProperties
              }
            >
              <th scope="row" className="col-player">
                {report.Totals.length > 1
                  ? `${t('weeklyBalance.totals')} ${total.Currency}`
                  : t('weeklyBalance.totals')}
                <span className="totals-label__sub">
                  {t('agentPayments.count', { count: total.Count })}
                </span>
              </th>
              <td colSpan={4} className="payments-table__split">
                {t('agentPayments.directions.toMaster')}{' '}
                <Money minor={total.ToMaster} currency={total.Currency} locale={locale} /> ·{' '}
                {t('agentPayments.directions.fromMaster')}{' '}
                <Money minor={-total.FromMaster} currency={total.Currency} locale={locale} />
              </td>
              <MoneyCell minor={total.Net} currency={total.Currency} locale={locale} />
              <td colSpan={2} />
            </tr>
          ))}
        </tfoot>
      </table>
    </div>
  );
}
