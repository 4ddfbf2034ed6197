import { PERIODS } from '@backline/contract/core/enums';
import { useTranslation } from 'react-i18next';
import { ChoiceField } from './choice-field';

interface PeriodPickerProps {
  /** The period values this report offers, in the order shown. */
  periods: readonly number[];
  value: number;
  onChange: (period: number) => void;
}

export function PeriodPicker({ periods, value, onChange }: PeriodPickerProps) {
  const { t } = useTranslation();
  const choices = PERIODS.filter((p) => periods.includes(p.Value)).map((p) => ({
    value: p.Value,
    label: t(`periods.${p.Description}`),
  }));
  return (
    <ChoiceField label={t('periods.label')} choices={choices} value={value} onChange={onChange} />
  );
}
