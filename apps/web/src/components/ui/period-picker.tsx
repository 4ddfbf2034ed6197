import { PERIODS } from '@backline/contract/core/enums';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

interface PeriodPickerProps {
  /** The period values this report offers, in the order shown. */
  periods: readonly number[];
  value: number;
  onChange: (period: number) => void;
}

export function PeriodPicker({ periods, value, onChange }: PeriodPickerProps) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{t('periods.label')}</label>
      <select id={id} value={value} onChange={(e) => onChange(Number(e.target.value))}>
        {PERIODS.filter((p) => periods.includes(p.Value)).map((p) => (
          <option key={p.Value} value={p.Value}>
            {t(`periods.${p.Description}`)}
          </option>
        ))}
      </select>
    </div>
  );
}
