import { useTranslation } from 'react-i18next';
import { TextAreaField } from '@/components/ui/text-field';
import { DirectionField } from './direction-field';
import { MethodSelect, type PaymentMethod } from './method-select';

export interface PaymentDraft<D extends string> {
  direction: D;
  method: PaymentMethod;
  note: string;
}

interface PaymentFieldsProps<D extends string> {
  /** The directions offered, each named and explained under `${words}.directions` and `.directionHints`. */
  directions: readonly D[];
  words: string;
  value: PaymentDraft<D>;
  onChange: (next: PaymentDraft<D>) => void;
}

/** What a payment asks beside who and the amount: which way, how, and a note. */
export function PaymentFields<D extends string>(props: PaymentFieldsProps<D>) {
  const { directions, words, value, onChange } = props;
  const { t } = useTranslation();
  return (
    <>
      <DirectionField
        legend={t('payments.direction')}
        value={value.direction}
        onChange={(direction) => onChange({ ...value, direction })}
        directions={directions}
        names={`${words}.directions`}
        hints={`${words}.directionHints`}
      />
      <MethodSelect value={value.method} onChange={(method) => onChange({ ...value, method })} />
      <TextAreaField
        label={t('payments.note')}
        fieldClassName="payment-form__wide"
        value={value.note}
        maxLength={500}
        onChange={(e) => onChange({ ...value, note: e.target.value })}
      />
    </>
  );
}
