import type { CountryData } from '@backline/contract/calls/assets';
import { useTranslation } from 'react-i18next';
import { env } from '@/config/env';

interface CountryFieldProps {
  id: string;
  label: string;
  required: boolean;
  countries: CountryData['Countries'];
  value: string;
  onChange: (code: string) => void;
  error?: string | undefined;
}

/** A native select (keyboard and screen readers for free) with the chosen country's flag beside it. */
export function CountryField({
  id,
  label,
  required,
  countries,
  value,
  onChange,
  error,
}: CountryFieldProps) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language === 'es' ? 'es' : 'en';
  const chosen = countries.find((c) => c.Code === value);
  const sorted = [...countries].sort((a, b) => a.Names[lang].localeCompare(b.Names[lang], lang));
  return (
    <div className="field">
      <label htmlFor={id}>
        {label}
        {required && <span aria-hidden="true"> *</span>}
      </label>
      <div className="country-field">
        {chosen && (
          <img
            className="country-field__flag"
            src={`${env.apiBases.assets}${chosen.Flag}`}
            alt=""
            width={24}
            height={16}
          />
        )}
        <select
          id={id}
          name="Country"
          value={value}
          required={required}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(e) => onChange(e.target.value)}
        >
          <option value="">{t('signUp.chooseCountry')}</option>
          {sorted.map((c) => (
            <option key={c.Code} value={c.Code}>
              {`${c.Names[lang]} (${c.DialCode})`}
            </option>
          ))}
        </select>
      </div>
      {error && (
        <p id={`${id}-error`} className="field__error">
          {error}
        </p>
      )}
    </div>
  );
}
