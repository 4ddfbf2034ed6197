// A select of fixed choices, the one way a screen offers them: each choice's value comes back as
// given (a number stays a number), and a filter over an enumeration puts "All" (no filter) first.
import { useTranslation } from 'react-i18next';
import { SelectField } from './text-field';

export interface Choice<V extends string | number> {
  value: V;
  label: string;
  /** "skip": the folded filter panel does not name this choice (it is the default). */
  summary?: 'skip';
}

interface ChoiceFieldProps<V extends string | number> {
  label: string;
  choices: readonly Choice<V>[];
  value: V;
  onChange: (value: V) => void;
}

export function ChoiceField<V extends string | number>(props: ChoiceFieldProps<V>) {
  const { label, choices, value, onChange } = props;
  const choose = (text: string) => {
    const choice = choices.find((c) => String(c.value) === text);
    if (choice) onChange(choice.value);
  };
  return (
    <SelectField label={label} value={value} onChange={(e) => choose(e.target.value)}>
      {choices.map((c) => (
        <option key={c.value} value={c.value} data-summary={c.summary}>
          {c.label}
        </option>
      ))}
    </SelectField>
  );
}

interface EnumFilterProps<V extends string> {
  label: string;
  values: readonly V[];
  /** The i18n prefix of the values' names, e.g. "sports". */
  names: string;
  /** undefined: no filter ("All"). */
  value: V | undefined;
  onChange: (value: V | undefined) => void;
}

/** A filter over one enumeration of the contract, "All" first meaning the filter is off. */
export function EnumFilter<V extends string>({
  label,
  values,
  names,
  value,
  onChange,
}: EnumFilterProps<V>) {
  const { t } = useTranslation();
  const choices: Choice<V | ''>[] = [
    { value: '', label: t('wagers.filters.all') },
    ...values.map((v) => ({ value: v, label: t(`${names}.${v as string}`) })),
  ];
  return (
    <ChoiceField
      label={label}
      choices={choices}
      value={value ?? ''}
      onChange={(v) => onChange(v === '' ? undefined : v)}
    />
  );
}
