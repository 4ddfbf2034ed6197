// The agent sign-up form of a site: which fields show and which are required come from the site's
// configuration; checked here first, then by the server (duplicates, country), then filed.
import type { SignUpConfiguration, SignUpField } from '@backline/contract/calls/sign-up';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert, ErrorState } from '@/components/ui/states';
import { useErrorMessage } from '@/lib/errors';
import { useCountries, useGeoLocation } from '../api/get-countries';
import { useSubmitAgentSignUp } from '../api/submit-agent-sign-up';
import { CaptchaWidget } from './captcha-widget';
import { CountryField } from './country-field';
import { clientErrors, serverErrors, type FieldErrors } from './field-errors';
import './sign-up.css';

const INPUTS: Partial<Record<SignUpField, { type: string; autoComplete: string }>> = {
  FirstName: { type: 'text', autoComplete: 'given-name' },
  LastName: { type: 'text', autoComplete: 'family-name' },
  Email: { type: 'email', autoComplete: 'email' },
  Login: { type: 'text', autoComplete: 'username' },
  Phone: { type: 'tel', autoComplete: 'tel' },
  City: { type: 'text', autoComplete: 'address-level2' },
  Address: { type: 'text', autoComplete: 'street-address' },
  BirthDate: { type: 'date', autoComplete: 'bday' },
  Referral: { type: 'text', autoComplete: 'off' },
};

interface SignUpFormProps {
  config: SignUpConfiguration;
  /** The standard form: standard title and intro, whatever texts the site has. */
  generic: boolean;
}

export function SignUpForm({ config, generic }: SignUpFormProps) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const errorMessage = useErrorMessage();
  const countries = useCountries();
  const geo = useGeoLocation();
  const submit = useSubmitAgentSignUp();
  // null until a person chooses: until then the country guessed from the address stands.
  const [chosenCountry, setCountry] = useState<string | null>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [filed, setFiled] = useState(false);
  // The widget's one-time token; a filing spends it, so a refused one starts the widget over.
  const [captchaToken, setCaptchaToken] = useState<string | null>(null);
  const [captchaMissing, setCaptchaMissing] = useState(false);
  const [captchaRound, setCaptchaRound] = useState(0);
  const visible = config.Fields.filter((f) => f.Visible);
  const title = (!generic && config.Title) || t('signUp.title', { site: config.SiteName });
  const intro = (!generic && config.Intro) || t('signUp.intro');

  const country = chosenCountry ?? geo.data?.Country ?? '';

  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    const data: Record<string, string | undefined> = {};
    for (const f of visible) {
      const value = String(form.get(f.Field) ?? '').trim();
      if (value) data[f.Field] = value;
    }
    const found = clientErrors(data, config, t);
    setErrors(found);
    if (Object.keys(found).length) {
      const first = visible.find((f) => found[f.Field]);
      if (first) document.getElementById(`${id}-${first.Field}`)?.focus();
      return;
    }
    if (config.Captcha && !captchaToken) {
      setCaptchaMissing(true);
      return;
    }
    submit.mutate(
      {
        ...data,
        SiteId: config.SiteId,
        Language: i18n.language === 'es' ? 'es' : 'en',
        ...(captchaToken ? { CaptchaToken: captchaToken } : {}),
      } as never,
      {
        onSuccess: (outcome) => {
          if (outcome.kind === 'filed') return setFiled(true);
          setErrors(serverErrors(outcome.errors, t));
        },
        onError: () => {
          if (config.Captcha) setCaptchaRound((n) => n + 1);
        },
      },
    );
  };

  if (!config.Enabled) {
    return (
      <div className="alert alert--info" role="status">
        {t('signUp.closed')}
      </div>
    );
  }
  if (filed) {
    return (
      <section className="sign-up" aria-labelledby={`${id}-done`}>
        <h1 id={`${id}-done`}>{t('signUp.doneTitle')}</h1>
        <p role="status">{t('signUp.done')}</p>
      </section>
    );
  }

  return (
    <section className="sign-up" aria-labelledby={`${id}-title`}>
      <h1 id={`${id}-title`}>{title}</h1>
      <p>{intro}</p>
      <form onSubmit={onSubmit} noValidate>
        <ErrorAlert error={submit.error} />
        {Object.keys(errors).length > 0 && (
          <div className="alert alert--error" role="alert">
            {t('signUp.fixErrors')}
          </div>
        )}
        <div className="sign-up__grid">
          {visible.map((f) => {
            const label = f.Label ?? t(`signUp.fields.${f.Field}`);
            const fieldId = `${id}-${f.Field}`;
            const error = errors[f.Field];
            if (f.Field === 'Country') {
              if (countries.isError) {
                return (
                  <ErrorState
                    key={f.Field}
                    message={errorMessage(countries.error)}
                    onRetry={() => void countries.refetch()}
                  />
                );
              }
              return (
                <CountryField
                  key={f.Field}
                  id={fieldId}
                  label={label}
                  required={f.Required}
                  countries={countries.data?.Countries ?? []}
                  value={country}
                  onChange={setCountry}
                  error={error}
                />
              );
            }
            const input = INPUTS[f.Field];
            const common = {
              id: fieldId,
              name: f.Field,
              required: f.Required,
              'aria-invalid': error ? true : undefined,
              'aria-describedby': error ? `${fieldId}-error` : undefined,
            };
            return (
              <div
                key={f.Field}
                className={`field${f.Field === 'Comments' || f.Field === 'Address' ? ' sign-up__wide' : ''}`}
              >
                <label htmlFor={fieldId}>
                  {label}
                  {f.Required && <span aria-hidden="true"> *</span>}
                </label>
                {input ? (
                  <input
                    {...common}
                    type={input.type}
                    autoComplete={input.autoComplete}
                    maxLength={f.Field === 'Email' ? 254 : 200}
                  />
                ) : (
                  <textarea {...common} rows={3} maxLength={1000} />
                )}
                {error && (
                  <p id={`${fieldId}-error`} className="field__error">
                    {error}
                  </p>
                )}
              </div>
            );
          })}
        </div>
        {config.Captcha ? (
          <CaptchaWidget
            captcha={config.Captcha}
            label={t('signUp.captchaLabel')}
            round={captchaRound}
            error={captchaMissing && !captchaToken ? t('signUp.captchaRequired') : undefined}
            onToken={(token) => {
              setCaptchaToken(token);
              if (token) setCaptchaMissing(false);
            }}
          />
        ) : (
          <p className="sign-up__captcha" role="note">
            {t('signUp.captchaOff')}
          </p>
        )}
        <button type="submit" className="button button--primary" disabled={submit.isPending}>
          {submit.isPending ? t('common.loading') : t('signUp.submit')}
        </button>
      </form>
    </section>
  );
}
