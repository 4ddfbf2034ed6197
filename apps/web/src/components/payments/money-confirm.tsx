import { formatMoney, type Money } from '@backline/contract/core/money';
import { useTranslation } from 'react-i18next';
import { ConfirmStep } from '@/components/ui/confirm-step';
import { Term } from '@/components/ui/term';

interface MoneyConfirmProps {
  /** What will happen, in words: "Receipt of $12.50 from PL1001". */
  summary: string;
  amount: Money;
  currency: string;
  locale: string;
  /** The figure the entry moves, before and after it posts (a player's balance, say). */
  balance: { label: string; before: Money; after: Money } | null;
  pending: boolean;
  onConfirm: () => void;
  onEdit: () => void;
}

/**
 * The confirm step of every money entry: the amount exactly as it will post, formatted in its
 * currency, and the balance after, before the entry is sent.
 */
export function MoneyConfirm(props: MoneyConfirmProps) {
  const { summary, amount, currency, locale, balance, pending, onConfirm, onEdit } = props;
  const { t } = useTranslation();
  const money = (minor: Money) => formatMoney(minor, currency, locale);
  return (
    <ConfirmStep
      title={t('payments.confirm.title')}
      saveLabel={t('payments.confirm.post', { amount: money(amount) })}
      pending={pending}
      onConfirm={onConfirm}
      onEdit={onEdit}
      className="money-confirm payment-form__wide"
      titleClassName="money-confirm__title"
      actionsClassName="payment-form__actions"
    >
      <p className="money-confirm__summary">{summary}</p>
      <dl className="money-confirm__figures">
        <Term label={t('payments.confirm.amount')} className="num">
          {money(amount)}
        </Term>
        {balance && (
          <>
            <Term label={t('payments.confirm.before', { what: balance.label })} className="num">
              {money(balance.before)}
            </Term>
            <Term label={t('payments.confirm.after', { what: balance.label })} className="num">
              {money(balance.after)}
            </Term>
          </>
        )}
      </dl>
    </ConfirmStep>
  );
}
