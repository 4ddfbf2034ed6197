import { useId } from 'react';
import { useTranslation } from 'react-i18next';

interface ChoiceSelectProps {
  label: string;
  /** The values in order; '' (shown as "All") means no filter. */
  values: readonly string[];
  /** The translation key prefix of the values' names, e.g. "sports". */
  names: string;
  value: string;
  onChange: (value: string) => void;
}

/** A filter of one enumeration of the contract, "All" first. */
export function ChoiceSelect({ label, values, names, value, onChange }: ChoiceSelectProps) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select id={id} value={value} onChange={(e) => onChange(e.target.value)}>
        <option value="">{t('wagers.filters.all')}</option>
        {values.map((v) => (
          <option key={v} value={v}>
            {t(`${names}.${v}`)}
          </option>
        ))}
      </select>
    </div>
  );
}
