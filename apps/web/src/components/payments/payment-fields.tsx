import { useTranslation } from 'react-i18next';
import { DirectionField } from './direction-field';
import { MethodSelect, type PaymentMethod } from './method-select';

export interface PaymentDraft<D extends string> {
  direction: D;
  method: PaymentMethod;
  note: string;
}

interface PaymentFieldsProps<D extends string> {
  id: string;
  /** The directions offered, each named and explained. */
  directions: ReadonlyArray<{ value: D; label: string; hint: string }>;
  value: PaymentDraft<D>;
  onChange: (next: PaymentDraft<D>) => void;
}

/** What a payment asks beside who and the amount: which way, how, and a note. */
export function PaymentFields<D extends string>(props: PaymentFieldsProps<D>) {
  const { id, directions, value, onChange } = props;
  const { t } = useTranslation();
  return (
    <>
      <DirectionField
        legend={t('payments.direction')}
        value={value.direction}
        onChange={(direction) => onChange({ ...value, direction })}
        options={directions}
      />
      <MethodSelect value={value.method} onChange={(method) => onChange({ ...value, method })} />
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
