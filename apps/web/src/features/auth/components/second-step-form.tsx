// After the password, an agent with an authenticator app (or a passkey) proves itself a second
// time: a 6-digit code, or one of its recovery codes. A dead challenge (expired, used, 5 wrong
// codes) sends it back to the password.
import type { LoginResponse } from '@backline/contract/calls/auth';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '@/components/ui/states';
import { CodeField, TextField } from '@/components/ui/text-field';
import { ApiError } from '@/lib/api-client';
import { useLoginSecondStep } from '../api/login-second-step';
import { finishSignIn, type SecondStep } from '../api/login';

/** What a passkey sign-in button is given: the challenge, and where its session goes. */
export interface PasskeySlotProps {
  challenge: string;
  onSignedIn: (session: LoginResponse) => Promise<void>;
}
export type PasskeySlot = (props: PasskeySlotProps) => ReactNode;

interface SecondStepFormProps {
  step: SecondStep;
  login: string;
  onRestart: () => void;
  passkey?: PasskeySlot | undefined;
}

const deadChallenge = (error: unknown) =>
  error instanceof ApiError && error.refusal?.Code === 'second_step_expired';

export function SecondStepForm({ step, login, onRestart, passkey }: SecondStepFormProps) {
  const { t } = useTranslation();
  const id = useId();
  const [mode, setMode] = useState<'code' | 'recovery'>('code');
  const [code, setCode] = useState('');
  const pass = useLoginSecondStep();
  const withTotp = step.Methods.includes('totp');
  const withPasskey = step.Methods.includes('passkey') && passkey !== undefined;
  const dead = deadChallenge(pass.error);

  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (pass.isPending) return;
    const value = code.trim();
    if (!value) return;
    pass.mutate(
      mode === 'code'
        ? { Challenge: step.Challenge, Code: value }
        : { Challenge: step.Challenge, RecoveryCode: value },
      { onError: () => setCode('') },
    );
  };

  const switchTo = (next: 'code' | 'recovery') => {
    setMode(next);
    setCode('');
    pass.reset();
  };

  return (
    <div className="login-form" aria-labelledby={`${id}-title`} role="group">
      <h1 id={`${id}-title`} className="login-form__title">
        {t('secondStep.loginTitle')}
      </h1>
      <p className="login-form__intro">{t('secondStep.loginIntro', { login })}</p>
      <ErrorAlert error={pass.error} />
      {dead ? (
        <button type="button" className="button button--primary button--block" onClick={onRestart}>
          {t('secondStep.startAgain')}
        </button>
      ) : (
        <>
          {withPasskey &&
            passkey({
              challenge: step.Challenge,
              onSignedIn: finishSignIn,
            })}
          {withTotp && (
            <form className="login-form" onSubmit={submit} noValidate>
              {mode === 'code' ? (
                <CodeField
                  key="code"
                  label={t('secondStep.code')}
                  hint={t('secondStep.codeHint')}
                  required
                  autoFocus
                  value={code}
                  onCode={setCode}
                />
              ) : (
                <TextField
                  key="recovery"
                  label={t('secondStep.recoveryCode')}
                  hint={t('secondStep.recoveryHint')}
                  name="recovery"
                  autoComplete="off"
                  autoCapitalize="none"
                  spellCheck={false}
                  maxLength={32}
                  required
                  autoFocus
                  value={code}
                  onChange={(e) => setCode(e.target.value)}
                />
              )}
              <button
                type="submit"
                className="button button--primary button--block"
                disabled={pass.isPending}
              >
                {pass.isPending ? t('secondStep.checking') : t('secondStep.verify')}
              </button>
              <button
                type="button"
                className="button button--ghost"
                onClick={() => switchTo(mode === 'code' ? 'recovery' : 'code')}
              >
                {mode === 'code' ? t('secondStep.useRecovery') : t('secondStep.useCode')}
              </button>
            </form>
          )}
          <button type="button" className="button button--ghost" onClick={onRestart}>
            {t('secondStep.back')}
          </button>
        </>
      )}
    </div>
  );
}
