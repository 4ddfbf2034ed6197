import { useId } from 'react';

interface DirectionFieldProps<D extends string> {
  legend: string;
  options: ReadonlyArray<{ value: D; label: string; hint: string }>;
  value: D;
  onChange: (value: D) => void;
}

/** Which way the money went, as a radio group: the choice that decides the sign of the entry. */
export function DirectionField<D extends string>({
  legend,
  options,
  value,
  onChange,
}: DirectionFieldProps<D>) {
  const name = useId();
  return (
    <fieldset className="direction-field">
      <legend>{legend}</legend>
      {options.map((o) => (
        <label key={o.value} className="direction-field__option">
          <input
            type="radio"
            name={name}
            value={o.value}
            checked={value === o.value}
            onChange={() => onChange(o.value)}
          />
          <span>
            <span className="direction-field__label">{o.label}</span>
            <span className="direction-field__hint">{o.hint}</span>
          </span>
        </label>
      ))}
    </fieldset>
  );
}
