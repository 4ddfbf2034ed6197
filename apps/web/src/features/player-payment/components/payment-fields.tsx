import { PAYMENT_DIRECTIONS } from '@backline/contract/endpoints/money-reports';
import { useTranslation } from 'react-i18next';
import { DirectionField } from '@/components/payments/direction-field';
import { MethodSelect, type PaymentMethod } from '@/components/payments/method-select';

export type PaymentDirection = (typeof PAYMENT_DIRECTIONS)[number];

export interface PaymentDraft {
  direction: PaymentDirection;
  method: PaymentMethod;
  note: string;
}

export const NEW_PAYMENT: PaymentDraft = { direction: 'receipt', method: 'cash', note: '' };

interface PaymentFieldsProps {
  id: string;
  value: PaymentDraft;
  onChange: (next: PaymentDraft) => void;
}

/** What a payment asks beside the player and the amount: which way, how, and a note. */
export function PaymentFields({ id, value, onChange }: PaymentFieldsProps) {
  const { t } = useTranslation();
  return (
    <>
      <DirectionField
        legend={t('payments.direction')}
        value={value.direction}
        onChange={(direction) => onChange({ ...value, direction })}
        options={PAYMENT_DIRECTIONS.map((d) => ({
          value: d,
          label: t(`playerPayment.directions.${d}`),
          hint: t(`playerPayment.directionHints.${d}`),
        }))}
      />
      <MethodSelect
        id={`${id}-method`}
        value={value.method}
        onChange={(method) => onChange({ ...value, method })}
      />
      <div className="field payment-form__wide">
        <label htmlFor={`${id}-note`}>{t('payments.note')}</label>
        <textarea
          id={`${id}-note`}
          value={value.note}
          maxLength={500}
          onChange={(e) => onChange({ ...value, note: e.target.value })}
        />
      </div>
    </>
  );
}
