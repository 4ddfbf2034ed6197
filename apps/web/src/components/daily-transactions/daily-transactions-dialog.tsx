import type { WeeklyBalanceRow } from '@backline/contract/reports/weekly-balance';
import { TRANSACTION_TYPES } from '@backline/contract/core/enums';
import type { IsoDate } from '@backline/contract/core/periods';
import { useTranslation } from 'react-i18next';
import { Dialog } from '@/components/ui/dialog';
import { Money, MoneyCell } from '@/components/ui/money-cell';
import { EmptyState, ErrorState } from '@/components/ui/states';
import { useErrorMessage } from '@/lib/errors';
import { formatDay, formatTime } from '@/lib/format';
import { useLedgerLineText } from '@/lib/ledger-description';
import { useAgentStore } from '@/stores/agent-store';
import { usePlayerDailyTransactions } from './get-player-daily-transactions';
import './daily-transactions.css';

interface DailyTransactionsDialogProps {
  /** Any report row of a player: the weekly balance's, the new weekly balance's. */
  row: Pick<WeeklyBalanceRow, 'IdPlayer' | 'Player' | 'Currency'>;
  date: IsoDate;
  locale: string;
  onClose: () => void;
}

function typeKey(type: number): string {
  const entry = TRANSACTION_TYPES.find((t) => t.Value === type);
  return `transactionTypes.${entry?.Description ?? 'all'}`;
}

export function DailyTransactionsDialog({
  row,
  date,
  locale,
  onClose,
}: DailyTransactionsDialogProps) {
  const { t } = useTranslation();
  const errorMessage = useErrorMessage();
  const describe = useLedgerLineText();
  // Times are shown in the site's zone, the same zone that cuts the week into days.
  const timeZone = useAgentStore((s) => s.site?.TimeZone ?? 'UTC');
  const query = usePlayerDailyTransactions({ idPlayer: row.IdPlayer, date });
  const title = t('weeklyBalance.transactions.title', {
    player: row.Player,
    date: formatDay(date, locale),
  });

  return (
    <Dialog title={title} onClose={onClose}>
      {query.isPending ? (
        <p className="dialog__status" role="status">
          <span className="spinner" aria-hidden="true" />
          {t('weeklyBalance.transactions.loading')}
        </p>
      ) : query.isError ? (
        <ErrorState message={errorMessage(query.error)} onRetry={() => void query.refetch()} />
      ) : query.data.Transactions.length === 0 ? (
        <EmptyState message={t('weeklyBalance.transactions.empty')} />
      ) : (
        <div
          className="table-scroll table-scroll--dialog"
          role="region"
          aria-label={title}
          tabIndex={0}
        >
          {/* One column tells what happened (time, type, description), so a phone keeps Amount and
              Balance after in view beside it. */}
          <table className="report-table report-table--compact">
            <thead>
              <tr>
                <th scope="col">{t('weeklyBalance.transactions.entry')}</th>
                <th scope="col" className="num">
                  {t('weeklyBalance.transactions.amount')}
                </th>
                <th scope="col" className="num">
                  {t('weeklyBalance.transactions.balanceAfter')}
                </th>
              </tr>
            </thead>
            <tbody>
              {query.data.Transactions.map((tx) => (
                <tr key={tx.IdTransaction}>
                  <td className="tx-entry">
                    <span className="tx-entry__head">
                      <time dateTime={tx.CreatedAt}>
                        {formatTime(tx.CreatedAt, locale, timeZone)}
                      </time>
                      {' · '}
                      {t(typeKey(tx.Type))}
                    </span>
                    <span className="tx-entry__description">{describe(tx)}</span>
                  </td>
                  <MoneyCell minor={tx.Amount} currency={row.Currency} locale={locale} />
                  <MoneyCell minor={tx.BalanceAfter} currency={row.Currency} locale={locale} />
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {query.isSuccess && (
        <p className="day-total">
          <span>{t('weeklyBalance.transactions.dayTotal')}</span>
          <Money minor={query.data.DayTotal} currency={row.Currency} locale={locale} />
        </p>
      )}
    </Dialog>
  );
}
