import { DEAL_KINDS } from '@backline/contract/reports/master-sheet';
import { useTranslation } from 'react-i18next';
import { DirectionField } from '@/components/payments/direction-field';
import { CheckField } from '@/components/ui/check-field';
import { TextField } from '@/components/ui/text-field';
import { notationOf } from '@/lib/amount-input';
import type { DealDraft, DraftErrors } from '../utils/deal-draft';
import '@/components/payments/payments.css';

interface DealTermsFieldsProps {
  value: DealDraft;
  onChange: (next: DealDraft) => void;
  /** The refusals to show (after a first review). */
  errors: DraftErrors;
  currency: string;
  locale: string;
}

/** A deal's terms: kind, the percents, red figure and the head fee. */
export function DealTermsFields({
  value,
  onChange,
  errors,
  currency,
  locale,
}: DealTermsFieldsProps) {
  const { t } = useTranslation();
  const notation = notationOf(locale);
  const set = (patch: Partial<DealDraft>) => onChange({ ...value, ...patch });
  const percentError = (e: DraftErrors['percent']) =>
    e && t(`masterSheet.form.percentErrors.${e}`, { ...notation });
  const percentField = (key: 'percent' | 'casino' | 'horses', hint: string) => (
    <TextField
      label={t(`masterSheet.form.${key}`)}
      type="text"
      inputMode="decimal"
      autoComplete="off"
      value={value[key]}
      hint={hint}
      error={percentError(errors[key])}
      onChange={(e) => set({ [key]: e.target.value })}
    />
  );
  return (
    <>
      <DirectionField
        legend={t('masterSheet.form.kind')}
        directions={DEAL_KINDS}
        names="masterSheet.kinds"
        hints="masterSheet.kindHints"
        value={value.kind}
        onChange={(kind) => set({ kind })}
      />
      {percentField('percent', t('masterSheet.form.percentHint'))}
      {percentField('casino', t('masterSheet.form.sameAsSports'))}
      {percentField('horses', t('masterSheet.form.sameAsSports'))}
      <CheckField
        label={t('masterSheet.form.redFigure')}
        checked={value.redFigure}
        onChange={(redFigure) => set({ redFigure })}
      />
      <TextField
        label={t('masterSheet.form.headFee', { currency })}
        type="text"
        inputMode="decimal"
        autoComplete="off"
        value={value.headFee}
        hint={t('masterSheet.form.headFeeHint', { ...notation })}
        error={
          errors.headFee &&
          (errors.headFee === 'tooLarge'
            ? t('masterSheet.form.headFeeTooLarge')
            : t(`payments.amountErrors.${errors.headFee}`, {
                ...notation,
                text: value.headFee.trim(),
              }))
        }
        onChange={(e) => set({ headFee: e.target.value })}
      />
    </>
  );
}
