import { useTranslation } from 'react-i18next';
import { DirectionField } from '@/components/payments/direction-field';
import { TextAreaField } from '@/components/ui/text-field';

/** A correction: which way, and why. */
export interface CorrectionDraft<D extends string> {
  direction: D;
  reason: string;
}

interface CorrectionFieldsProps<D extends string> {
  value: CorrectionDraft<D>;
  onChange: (next: CorrectionDraft<D>) => void;
  directions: readonly D[];
  /** The words of the kind: playerPayment.adjustment or playerPayment.freePlay. */
  words: string;
  /** Say that the reason is needed (after a first submit without one). */
  showErrors: boolean;
}

/**
 * What a correction asks beside the player and the amount: which way (credit or debit of the
 * balance, free play granted or removed), and why.
 */
export function CorrectionFields<D extends string>(props: CorrectionFieldsProps<D>) {
  const { value, onChange, directions, words, showErrors } = props;
  const { t } = useTranslation();
  const missing = showErrors && value.reason.trim() === '';
  return (
    <>
      <DirectionField
        legend={t(`${words}.direction`)}
        value={value.direction}
        onChange={(direction) => onChange({ ...value, direction })}
        directions={directions}
        names={`${words}.directions`}
        hints={`${words}.directionHints`}
      />
      <TextAreaField
        label={t(`${words}.reason`)}
        fieldClassName="payment-form__wide"
        value={value.reason}
        maxLength={500}
        required
        error={missing && t(`${words}.reasonRequired`)}
        onChange={(e) => onChange({ ...value, reason: e.target.value })}
      />
    </>
  );
}
