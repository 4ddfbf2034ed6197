import { useId } from 'react';
import { useTranslation } from 'react-i18next';

interface DirectionFieldProps<D extends string> {
  legend: string;
  directions: readonly D[];
  /** The i18n prefixes of each direction's name and of the line explaining it. */
  names: string;
  hints: string;
  value: D;
  onChange: (value: D) => void;
}

/** Which way the money went, as a radio group: the choice that decides the sign of the entry. */
export function DirectionField<D extends string>(props: DirectionFieldProps<D>) {
  const { legend, directions, names, hints, value, onChange } = props;
  const { t } = useTranslation();
  const name = useId();
  return (
    <fieldset className="direction-field">
      <legend>{legend}</legend>
      {directions.map((d) => (
        <label key={d} className="direction-field__option">
          <input
            type="radio"
            name={name}
            value={d}
            checked={value === d}
            onChange={() => onChange(d)}
          />
          <span>
            <span className="direction-field__label">{t(`${names}.${d as string}`)}</span>
            <span className="direction-field__hint">{t(`${hints}.${d as string}`)}</span>
          </span>
        </label>
      ))}
    </fieldset>
  );
}
