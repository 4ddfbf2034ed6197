import {
  ADJUSTMENT_DIRECTIONS,
  type AdjustmentDirection,
} from '@backline/contract/reports/player-payment';
import { useTranslation } from 'react-i18next';
import { DirectionField } from '@/components/payments/direction-field';
import { TextAreaField } from '@/components/ui/text-field';

export interface AdjustmentDraft {
  direction: AdjustmentDirection;
  reason: string;
}

export const NEW_ADJUSTMENT: AdjustmentDraft = { direction: 'credit', reason: '' };

interface AdjustmentFieldsProps {
  value: AdjustmentDraft;
  onChange: (next: AdjustmentDraft) => void;
  /** Say that the reason is needed (after a first submit without one). */
  showErrors: boolean;
}

/** What an adjustment asks beside the player and the amount: credit or debit, and why. */
export function AdjustmentFields({ value, onChange, showErrors }: AdjustmentFieldsProps) {
  const { t } = useTranslation();
  const missing = showErrors && value.reason.trim() === '';
  return (
    <>
      <DirectionField
        legend={t('playerPayment.adjustment.direction')}
        value={value.direction}
        onChange={(direction) => onChange({ ...value, direction })}
        directions={ADJUSTMENT_DIRECTIONS}
        names="playerPayment.adjustment.directions"
        hints="playerPayment.adjustment.directionHints"
      />
      <TextAreaField
        label={t('playerPayment.adjustment.reason')}
        fieldClassName="payment-form__wide"
        value={value.reason}
        maxLength={500}
        required
        error={missing && t('playerPayment.adjustment.reasonRequired')}
        onChange={(e) => onChange({ ...value, reason: e.target.value })}
      />
    </>
  );
}
