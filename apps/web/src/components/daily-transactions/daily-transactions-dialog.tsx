import type { WeeklyBalanceRow } from '@backline/contract/reports/weekly-balance';
import { TRANSACTION_TYPES } from '@backline/contract/core/enums';
import { addDays, type IsoDate } from '@backline/contract/core/periods';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '@/components/ui/dialog';
import { Money, MoneyCell } from '@/components/ui/money-cell';
import { DialogQueryTable } from '@/components/ui/simple-table';
import { formatDay, formatTime } from '@/lib/format';
import { useLedgerLineText } from '@/lib/ledger-description';
import { useAgentStore } from '@/stores/agent-store';
import type { OpenDay } from './day-cells';
import { usePlayerDailyTransactions } from './get-player-daily-transactions';
import './daily-transactions.css';

interface DailyTransactionsDialogProps {
  /** Any report row of a player: the weekly balance's, the new weekly balance's. */
  row: Pick<WeeklyBalanceRow, 'IdPlayer' | 'Player' | 'Currency'>;
  date: IsoDate;
  locale: string;
  onClose: () => void;
}

const HEAD = {
  prefix: 'weeklyBalance.transactions',
  columns: ['entry', 'amount', 'balanceAfter'],
  classes: { amount: 'num', balanceAfter: 'num' },
};

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
      {/* One column tells what happened (time, type, description), so a phone keeps Amount and
          Balance after in view beside it. */}
      <DialogQueryTable
        query={query}
        texts="weeklyBalance.transactions"
        isEmpty={(data) => data.Transactions.length === 0}
        label={title}
        head={HEAD}
      >
        {(data) =>
          data.Transactions.map((tx) => (
            <tr key={tx.IdTransaction}>
              <td className="tx-entry">
                <span className="tx-entry__head">
                  <time dateTime={tx.CreatedAt}>{formatTime(tx.CreatedAt, locale, timeZone)}</time>
                  {' · '}
                  {t(typeKey(tx.Type))}
                </span>
                <span className="tx-entry__description">{describe(tx)}</span>
              </td>
              <MoneyCell minor={tx.Amount} currency={row.Currency} locale={locale} />
              <MoneyCell minor={tx.BalanceAfter} currency={row.Currency} locale={locale} />
            </tr>
          ))
        }
      </DialogQueryTable>
      {query.isSuccess && (
        <p className="day-total">
          <span>{t('weeklyBalance.transactions.dayTotal')}</span>
          <Money minor={query.data.DayTotal} currency={row.Currency} locale={locale} />
        </p>
      )}
    </Dialog>
  );
}

/**
 * A week table's day buttons open that day's transactions: the handler they call, and the dialog
 * to render (nothing while no day is open).
 */
export function useOpenDay(weekStart: IsoDate, locale: string) {
  const [openDay, setOpenDay] = useState<OpenDay | null>(null);
  const dialog = openDay && (
    <DailyTransactionsDialog
      row={openDay.row}
      date={addDays(weekStart, openDay.dayIndex)}
      locale={locale}
      onClose={() => setOpenDay(null)}
    />
  );
  return [dialog, setOpenDay] as const;
}
