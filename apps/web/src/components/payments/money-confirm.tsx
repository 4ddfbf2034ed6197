import { formatMoney, type Money } from '@backline/contract/core/money';
import { useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';

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
 * currency, and the balance after, before the entry is sent. The step's title takes the focus, so it
 * is read first and a held or repeated Enter from the form's submit cannot press Post; Post sits
 * lower than the form's submit was, so a double click cannot land on it either. Change goes back.
 */
export function MoneyConfirm(props: MoneyConfirmProps) {
  const { summary, amount, currency, locale, balance, pending, onConfirm, onEdit } = props;
  const { t } = useTranslation();
  const id = useId();
  const title = useRef<HTMLHeadingElement>(null);
  useEffect(() => title.current?.focus(), []);
  const money = (minor: Money) => formatMoney(minor, currency, locale);
  return (
    <div className="money-confirm payment-form__wide" role="group" aria-labelledby={`${id}-title`}>
      <h3 ref={title} id={`${id}-title`} className="money-confirm__title" tabIndex={-1}>
        {t('payments.confirm.title')}
      </h3>
      <p className="money-confirm__summary">{summary}</p>
      <dl className="money-confirm__figures">
        <div>
          <dt>{t('payments.confirm.amount')}</dt>
          <dd className="num">{money(amount)}</dd>
        </div>
        {balance && (
          <>
            <div>
              <dt>{t('payments.confirm.before', { what: balance.label })}</dt>
              <dd className="num">{money(balance.before)}</dd>
            </div>
            <div>
              <dt>{t('payments.confirm.after', { what: balance.label })}</dt>
              <dd className="num">{money(balance.after)}</dd>
            </div>
          </>
        )}
      </dl>
      <div className="payment-form__actions">
        <button
          type="button"
          className="button button--primary"
          disabled={pending}
          onClick={onConfirm}
        >
          {pending ? t('payments.saving') : t('payments.confirm.post', { amount: money(amount) })}
        </button>
        <button type="button" className="button" onClick={onEdit} disabled={pending}>
          {t('payments.confirm.edit')}
        </button>
      </div>
    </div>
  );
}
