import type { CashFlowResponse } from '@backline/contract/endpoints/money-reports';
import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { MoneyCell } from '@/components/ui/money-cell';
import { formatDay } from '@/lib/format';

const TOTAL_ROW_PX = 44;

interface CashFlowTableProps {
  report: CashFlowResponse;
  locale: string;
  caption: string;
}

export function CashFlowTable({ report, locale, caption }: CashFlowTableProps) {
  const { t } = useTranslation();
  return (
    <div className="table-scroll" role="region" aria-label={caption} tabIndex={0}>
      <table className="report-table cash-flow-table">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            <th scope="col" className="col-player">
              {t('cashFlow.columns.date')}
            </th>
            <th scope="col">{t('cashFlow.columns.agent')}</th>
            <th scope="col" className="num">
              {t('cashFlow.columns.in')}
            </th>
            <th scope="col" className="num">
              {t('cashFlow.columns.out')}
            </th>
            <th scope="col" className="num">
              {t('cashFlow.columns.settlements')}
            </th>
            <th scope="col" className="num col-key">
              {t('cashFlow.columns.net')}
            </th>
          </tr>
        </thead>
        <tbody>
          {report.Rows.map((row) => (
            <tr key={`${row.Date}|${row.IdAgent}|${row.Currency}`}>
              <th scope="row" className="col-player nowrap">
                {formatDay(row.Date, locale)}
              </th>
              <td className="cash-flow-table__agent">{row.Agent}</td>
              <MoneyCell minor={row.In} currency={row.Currency} locale={locale} neutral />
              <MoneyCell minor={row.Out} currency={row.Currency} locale={locale} neutral />
              <MoneyCell minor={row.Settlements} currency={row.Currency} locale={locale} />
              <MoneyCell
                minor={row.Net}
                currency={row.Currency}
                locale={locale}
                className="col-key"
              />
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
              </th>
              <td />
              <MoneyCell minor={total.In} currency={total.Currency} locale={locale} neutral />
              <MoneyCell minor={total.Out} currency={total.Currency} locale={locale} neutral />
              <MoneyCell minor={total.Settlements} currency={total.Currency} locale={locale} />
              <MoneyCell
                minor={total.Net}
                currency={total.Currency}
                locale={locale}
                className="col-key"
              />
            </tr>
          ))}
        </tfoot>
      </table>
    </div>
  );
}
