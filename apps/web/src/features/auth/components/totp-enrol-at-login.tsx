// The site requires a second step of an agent that moves money and this one has none: before any
// session it sets an authenticator app up (key, then its first code), keeps its recovery codes, and
// only then goes in.
import type { LoginResponse } from '@backline/contract/calls/auth';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { AuthenticatorKey } from '@/components/ui/authenticator-key';
import { RecoveryCodes } from '@/components/ui/recovery-codes';
import { BusyStatus, ErrorAlert } from '@/components/ui/states';
import { CodeField } from '@/components/ui/text-field';
import { ApiError } from '@/lib/api-client';
import { finishSignIn, type SecondStep } from '../api/login';
import { useLoginTotpConfirm, useLoginTotpStart } from '../api/login-second-step';

interface TotpEnrolAtLoginProps {
  step: SecondStep;
  login: string;
  onRestart: () => void;
}

export function TotpEnrolAtLogin({ step, login, onRestart }: TotpEnrolAtLoginProps) {
  const { t } = useTranslation();
  const id = useId();
  const start = useLoginTotpStart();
  const confirm = useLoginTotpConfirm();
  const [code, setCode] = useState('');
  const [done, setDone] = useState<{ session: LoginResponse; codes: string[] } | null>(null);
  const [entering, setEntering] = useState(false);
  const startKey = start.mutate;

  useEffect(() => startKey(step.Challenge), [startKey, step.Challenge]);

  const failed = confirm.error ?? start.error;
  const dead = failed instanceof ApiError && failed.refusal?.Code === 'second_step_expired';

  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (confirm.isPending || !/^\d{6}$/.test(code)) return;
    confirm.mutate(
      { Challenge: step.Challenge, Code: code },
      {
        onSuccess: (answer) => setDone({ session: answer.Session, codes: answer.RecoveryCodes }),
        onError: () => setCode(''),
      },
    );
  };

  const enter = () => {
    if (!done) return;
    setEntering(true);
    void finishSignIn(done.session).finally(() => setEntering(false));
  };

  return (
    <div className="login-form" role="group" aria-labelledby={`${id}-title`}>
      <h1 id={`${id}-title`} className="login-form__title">
        {done ? t('secondStep.codesTitle') : t('secondStep.enrolTitle')}
      </h1>
      {!done && <p className="login-form__intro">{t('secondStep.enrolIntro', { login })}</p>}
      <ErrorAlert error={failed} />
      {dead ? (
        <button type="button" className="button button--primary button--block" onClick={onRestart}>
          {t('secondStep.startAgain')}
        </button>
      ) : done ? (
        <>
          <RecoveryCodes codes={done.codes} account={login} />
          <button
            type="button"
            className="button button--primary button--block"
            onClick={enter}
            disabled={entering}
          >
            {t('secondStep.codesKept')}
          </button>
        </>
      ) : start.data ? (
        <form className="login-form" onSubmit={submit} noValidate>
          <AuthenticatorKey secret={start.data.Secret} uri={start.data.Uri} />
          <CodeField label={t('secondStep.firstCode')} required value={code} onCode={setCode} />
          <button
            type="submit"
            className="button button--primary button--block"
            disabled={confirm.isPending}
          >
            {confirm.isPending ? t('secondStep.checking') : t('secondStep.confirm')}
          </button>
          <button type="button" className="button button--ghost" onClick={onRestart}>
            {t('secondStep.back')}
          </button>
        </form>
      ) : (
        !start.isError && <BusyStatus message={t('common.loading')} />
      )}
    </div>
  );
}
