import { formatMoney } from '@backline/contract/core/money';
import { useTranslation } from 'react-i18next';
import { notationOf, type AmountResult } from '@/lib/amount-input';

export interface AmountFieldProps {
  id: string;
  value: string;
  onChange: (text: string) => void;
  currency: string;
  locale: string;
  parsed: AmountResult;
  /** Show the reason a typed amount is refused (after a first submit, or once typed). */
  showError: boolean;
}

/** A decimal amount in the given currency, with the exact amount it will post read back. */
export function AmountField(props: AmountFieldProps) {
  const { id, value, onChange, currency, locale, parsed, showError } = props;
  const { t } = useTranslation();
  // Hints and refusals are written in the reader's regional notation ("1,234.50" or "1.234,50").
  const notation = notationOf(locale);
  const error =
    !parsed.ok && showError
      ? t(`payments.amountErrors.${parsed.reason}`, { ...notation, text: value.trim() })
      : null;
  return (
    <div className="field">
      <label htmlFor={id}>{t('payments.amount', { currency })}</label>
      <input
        id={id}
        type="text"
        inputMode="decimal"
        autoComplete="off"
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-hint`}
        onChange={(e) => onChange(e.target.value)}
      />
      <p id={`${id}-hint`} className={error ? 'field__error' : 'field__hint'}>
        {error ??
          (parsed.ok
            ? t('payments.amountReadBack', { amount: formatMoney(parsed.minor, currency, locale) })
            : t('payments.amountHint', { ...notation }))}
      </p>
    </div>
  );
}
