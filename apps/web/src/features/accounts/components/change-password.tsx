// ChangePassword: a code goes to the account's e-mail, the code is checked, then the new password is set.
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorMessage } from '@/lib/errors';
import {
  useSendPasswordCode,
  useSetNewPassword,
  useVerifyPasswordCode,
} from '../api/change-password';
import { newPasswordOf, PasswordFields } from '@/components/ui/password-fields';
import { ErrorAlert } from '@/components/ui/states';
import { CodeField } from '@/components/ui/text-field';
import './accounts.css';

type Step = 'send' | 'verify' | 'choose' | 'done';

export function ChangePassword() {
  const { t } = useTranslation();
  const id = useId();
  const errorMessage = useErrorMessage();
  const [step, setStep] = useState<Step>('send');
  const [code, setCode] = useState('');
  const [formError, setFormError] = useState<string | null>(null);
  const send = useSendPasswordCode();
  const verify = useVerifyPasswordCode();
  const update = useSetNewPassword();
  const failed = [send, verify, update].find((m) => m.isError);
  const error = formError ?? (failed ? errorMessage(failed.error) : null);

  const onSend = () => {
    setFormError(null);
    verify.reset();
    update.reset();
    send.mutate(undefined, { onSuccess: () => setStep('verify') });
  };

  const onVerify = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    setFormError(null);
    if (!/^\d{6}$/.test(code)) return setFormError(t('accounts.codeFormat'));
    verify.mutate(code, { onSuccess: () => setStep('choose') });
  };

  const onChoose = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const { password: NewPassword, problem } = newPasswordOf(e.currentTarget, t);
    setFormError(problem);
    if (problem) return;
    update.mutate({ Code: code, NewPassword }, { onSuccess: () => setStep('done') });
  };

  return (
    <section className="account-card" aria-labelledby={`${id}-title`}>
      <h1 id={`${id}-title`}>{t('changePassword.title')}</h1>
      <ErrorAlert error={error} />
      {step === 'send' && (
        <>
          <p>{t('changePassword.intro')}</p>
          <button
            type="button"
            className="button button--primary"
            onClick={onSend}
            disabled={send.isPending}
          >
            {send.isPending ? t('common.loading') : t('changePassword.sendCode')}
          </button>
        </>
      )}
      {step === 'verify' && (
        <form onSubmit={onVerify} noValidate>
          <p role="status">
            {t('changePassword.codeSent', { email: send.data?.MaskedEmail ?? '' })}
          </p>
          <CodeField label={t('changePassword.code')} required value={code} onCode={setCode} />
          <div className="account-card__actions">
            <button type="submit" className="button button--primary" disabled={verify.isPending}>
              {t('changePassword.verify')}
            </button>
            <button type="button" className="button" onClick={onSend} disabled={send.isPending}>
              {t('changePassword.resend')}
            </button>
          </div>
        </form>
      )}
      {step === 'choose' && (
        <form onSubmit={onChoose} noValidate>
          <p role="status">{t('changePassword.codeOk')}</p>
          <PasswordFields />
          <button type="submit" className="button button--primary" disabled={update.isPending}>
            {t('changePassword.save')}
          </button>
        </form>
      )}
      {step === 'done' && (
        <div className="alert alert--info" role="status">
          {t('changePassword.done')}
        </div>
      )}
    </section>
  );
}
