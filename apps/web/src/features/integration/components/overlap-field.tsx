import { useTranslation } from 'react-i18next';
import { ChoiceField } from '@/components/ui/choice-field';

/** How long an old secret keeps working beside its successor, in hours. */
export const OVERLAP_CHOICES = [0, 1, 24, 72, 168] as const;

export function OverlapField({
  value,
  onChange,
}: {
  value: number;
  onChange: (hours: number) => void;
}) {
  const { t } = useTranslation();
  const choices = OVERLAP_CHOICES.map((hours) => ({
    value: hours as number,
    label:
      hours === 0 ? t('integration.overlapNone') : t('integration.overlapHours', { count: hours }),
  }));
  return (
    <ChoiceField
      label={t('integration.overlap')}
      choices={choices}
      value={value}
      onChange={onChange}
    />
  );
}
