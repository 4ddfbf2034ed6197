import { PAYMENT_METHODS } from '@backline/contract/core/enums';
import { useTranslation } from 'react-i18next';
import { ChoiceField } from '@/components/ui/choice-field';

export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

interface MethodSelectProps {
  value: PaymentMethod;
  onChange: (method: PaymentMethod) => void;
}

export function MethodSelect({ value, onChange }: MethodSelectProps) {
  const { t } = useTranslation();
  const choices = PAYMENT_METHODS.map((m) => ({ value: m, label: t(`payments.methods.${m}`) }));
  return (
    <ChoiceField label={t('payments.method')} choices={choices} value={value} onChange={onChange} />
  );
}
