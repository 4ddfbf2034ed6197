import { formatMoney } from '@backline/contract/core/money';
import { useTranslation } from 'react-i18next';
import { TextField } from '@/components/ui/text-field';
import { notationOf, type AmountResult } from '@/lib/amount-input';

export interface AmountFieldProps {
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
  const { value, onChange, currency, locale, parsed, showError } = props;
  const { t } = useTranslation();
  // Hints and refusals are written in the reader's regional notation ("1,234.50" or "1.234,50").
  const notation = notationOf(locale);
  const error =
    !parsed.ok && showError
      ? t(`payments.amountErrors.${parsed.reason}`, { ...notation, text: value.trim() })
      : null;
  return (
    <TextField
      label={t('payments.amount', { currency })}
      type="text"
      inputMode="decimal"
      autoComplete="off"
      value={value}
      hint={
        parsed.ok
          ? t('payments.amountReadBack', { amount: formatMoney(parsed.minor, currency, locale) })
          : t('payments.amountHint', { ...notation })
      }
      error={error}
      onChange={(e) => onChange(e.target.value)}
    />
  );
}
