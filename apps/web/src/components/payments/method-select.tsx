import { PAYMENT_METHODS } from '@backline/contract/core/enums';
import { useTranslation } from 'react-i18next';

export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

interface MethodSelectProps {
  id: string;
  value: PaymentMethod;
  onChange: (method: PaymentMethod) => void;
}

export function MethodSelect({ id, value, onChange }: MethodSelectProps) {
  const { t } = useTranslation();
  return (
    <div className="field">
      <label htmlFor={id}>{t('payments.method')}</label>
      <select id={id} value={value} onChange={(e) => onChange(e.target.value as PaymentMethod)}>
        {PAYMENT_METHODS.map((m) => (
          <option key={m} value={m}>
            {t(`payments.methods.${m}`)}
          </option>
        ))}
      </select>
    </div>
  );
}
