// The columns both payments tables (players', agents') show alike: when, method, amount, note and
// who entered it.
import type { TFunction } from 'i18next';
import type { DataColumn } from '@/components/ui/data-table';
import { DateTime } from '@/components/ui/date-time';

interface PaymentLine {
  CreatedAt: string;
  Method: string;
  Amount: number;
  Currency: string;
  Note: string;
  EnteredBy: string;
}

export function whenColumn<T extends PaymentLine>(
  header: string,
  locale: string,
  timeZone: string,
): DataColumn<T> {
  return {
    id: 'date',
    header,
    className: 'when',
    cell: (row) => <DateTime instant={row.CreatedAt} locale={locale} timeZone={timeZone} />,
  };
}

export function methodColumn<T extends PaymentLine>(t: TFunction): DataColumn<T> {
  return {
    id: 'method',
    header: t('payments.method'),
    cell: (row) => t(`payments.methods.${row.Method}`),
  };
}

export function amountColumn<T extends PaymentLine>(header: string): DataColumn<T> {
  return {
    id: 'amount',
    header,
    className: 'col-key',
    money: (row) => ({ minor: row.Amount, currency: row.Currency }),
  };
}

/** The note and who entered the payment, the last two columns. */
export function noteColumns<T extends PaymentLine>(t: TFunction): DataColumn<T>[] {
  return [
    {
      id: 'note',
      header: t('payments.note'),
      className: 'payments-table__note',
      cell: (row) => row.Note,
    },
    {
      id: 'by',
      header: t('payments.enteredBy'),
      className: 'payments-table__by',
      cell: (row) => row.EnteredBy,
    },
  ];
}
