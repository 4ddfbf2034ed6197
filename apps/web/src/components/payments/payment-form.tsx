import type { FormEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FormActions } from '@/components/ui/form-actions';
import { ErrorAlert } from '@/components/ui/states';
import { AmountField } from './amount-field';
import { CardForm } from './card-form';
import { MoneyConfirm } from './money-confirm';
import type { MoneyEntry } from './use-money-entry';

interface PaymentFormProps {
  title: string;
  submitLabel: string;
  entry: MoneyEntry;
  /** Who the money is for, above the amount; what else the entry asks, below it. */
  party: ReactNode;
  details: ReactNode;
  /** The form's submit: checks the fields and opens the confirm step (`entry.review`). */
  onReview: () => void;
  /** What the confirm step says the entry does; null while the form cannot post yet. */
  confirm: {
    summary: string;
    balance: { label: string; before: number; after: number } | null;
  } | null;
  mutation: { isPending: boolean; isError: boolean; error: unknown };
  onPost: () => void;
  onCancel: () => void;
}

/**
 * The one form every money entry (a player's payment or adjustment, an agent's settlement) is
 * entered in: title, who, amount, details, then the confirm step in place of the submit.
 */
export function PaymentForm(props: PaymentFormProps) {
  const { title, submitLabel, entry, party, details, onReview, confirm, mutation } = props;
  const { t } = useTranslation();
  const amount = entry.parsed;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    onReview();
  };

  return (
    <CardForm title={title} onSubmit={submit}>
      {party}
      <AmountField {...entry.field} />
      {details}
      <ErrorAlert error={mutation.error} className="payment-form__wide" />
      {entry.confirming && confirm && amount.ok ? (
        <MoneyConfirm
          summary={confirm.summary}
          amount={amount.minor}
          currency={entry.field.currency}
          locale={entry.field.locale}
          balance={confirm.balance}
          pending={mutation.isPending}
          onConfirm={props.onPost}
          onEdit={entry.edit}
        />
      ) : (
        <FormActions
          block="payment-form"
          submitLabel={submitLabel}
          cancelLabel={t('payments.cancel')}
          onCancel={props.onCancel}
        />
      )}
    </CardForm>
  );
}
