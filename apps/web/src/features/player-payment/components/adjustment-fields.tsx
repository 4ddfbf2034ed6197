import {
  ADJUSTMENT_DIRECTIONS,
  type AdjustmentDirection,
} from '@backline/contract/reports/player-payment';
import { useTranslation } from 'react-i18next';
import { DirectionField } from '@/components/payments/direction-field';

export interface AdjustmentDraft {
  direction: AdjustmentDirection;
  reason: string;
}

export const NEW_ADJUSTMENT: AdjustmentDraft = { direction: 'credit', reason: '' };

interface AdjustmentFieldsProps {
  id: string;
  value: AdjustmentDraft;
  onChange: (next: AdjustmentDraft) => void;
  /** Say that the reason is needed (after a first submit without one). */
  showErrors: boolean;
}

/** What an adjustment asks beside the player and the amount: credit or debit, and why. */
export function AdjustmentFields({ id, value, onChange, showErrors }: AdjustmentFieldsProps) {
  const { t } = useTranslation();
  const missing = showErrors && value.reason.trim() === '';
  return (
    <>
      <DirectionField
        legend={t('playerPayment.adjustment.direction')}
        value={value.direction}
        onChange={(direction) => onChange({ ...value, direction })}
        options={ADJUSTMENT_DIRECTIONS.map((d) => ({
          value: d,
          label: t(`playerPayment.adjustment.directions.${d}`),
          hint: t(`playerPayment.adjustment.directionHints.${d}`),
        }))}
      />
      <div className="field payment-form__wide">
        <label htmlFor={`${id}-reason`}>{t('playerPayment.adjustment.reason')}</label>
        <textarea
          id={`${id}-reason`}
          value={value.reason}
          maxLength={500}
          required
          aria-invalid={missing ? true : undefined}
          aria-describedby={missing ? `${id}-reason-error` : undefined}
          onChange={(e) => onChange({ ...value, reason: e.target.value })}
        />
        {missing && (
          <p id={`${id}-reason-error`} className="field__error">
            {t('playerPayment.adjustment.reasonRequired')}
          </p>
        )}
      </div>
    </>
  );
}
