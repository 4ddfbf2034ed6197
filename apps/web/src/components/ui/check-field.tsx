import { useId } from 'react';
import { useTranslation } from 'react-i18next';

interface CheckFieldProps {
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
}

/** A report filter that is on or off, such as "Active players only". */
export function CheckField({ label, checked, onChange }: CheckFieldProps) {
  const id = useId();
  return (
    <div className="check-field">
      <input
        id={id}
        type="checkbox"
        checked={checked}
        onChange={(e) => onChange(e.target.checked)}
      />
      <label htmlFor={id}>{label}</label>
    </div>
  );
}

interface FilterFlagsProps<K extends string> {
  /** Each flag's i18n label key, in the order shown. */
  labels: Record<K, string>;
  values: Record<NoInfer<K>, boolean>;
  onChange: (change: Partial<Record<NoInfer<K>, boolean>>) => void;
}

/** A report's on-or-off filters side by side, each written back by its own key. */
export function FilterFlags<K extends string>({ labels, values, onChange }: FilterFlagsProps<K>) {
  const { t } = useTranslation();
  return (
    <div className="filters__checks">
      {(Object.keys(labels) as K[]).map((key) => (
        <CheckField
          key={key}
          label={t(labels[key] as string)}
          checked={values[key]}
          onChange={(checked) => onChange({ [key]: checked } as Partial<Record<K, boolean>>)}
        />
      ))}
    </div>
  );
}
