import { useId } from 'react';
import { useTranslation } from 'react-i18next';

interface EnumSelectProps<V extends string> {
  label: string;
  value: V | undefined;
  values: readonly V[];
  /** The i18n prefix of the values' names, e.g. "sports". */
  namespace: string;
  onChange: (value: V | undefined) => void;
}

/** A filter over a fixed list, with "All" first meaning the filter is off. */
export function EnumSelect<V extends string>(props: EnumSelectProps<V>) {
  const { label, value, values, namespace, onChange } = props;
  const { t } = useTranslation();
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        value={value ?? ''}
        onChange={(e) => onChange(values.find((v) => v === e.target.value))}
      >
        <option value="">{t('wagers.filters.all')}</option>
        {values.map((v) => (
          <option key={v} value={v}>
            {t(`${namespace}.${v as string}`)}
          </option>
        ))}
      </select>
    </div>
  );
}
