// The page an e-mailed access link opens: the link's one-time token proves the mailbox, so the
// account chooses its password here without a second code and is signed in at once
// (WebClient4Frames/SetPasswordByLink). The signed-in store then moves the route on.
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { newPasswordOf, PasswordFields } from '@/components/ui/password-fields';
import { ErrorAlert } from '@/components/ui/states';
import { useErrorMessage } from '@/lib/errors';
import { useSetPasswordByLink, type SecondStep, type SetPasswordByLinkInput } from '../api/login';
import './login-form.css';

export type AccessLink = Omit<SetPasswordByLinkInput, 'NewPassword'>;

/** An e-mailed access link carries a one-time token in its fragment, which no server sees. */
export function accessLinkOf(hash: string): AccessLink | null {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  const Token = params.get('Token');
  const Player = params.get('Player');
  const SiteId = Number(params.get('SiteId'));
  return Token && Player && Number.isInteger(SiteId) && SiteId > 0
    ? { Token, Player, SiteId }
    : null;
}

interface SetPasswordByLinkProps {
  link: AccessLink;
  /** The password is set, and the agent owes its second step before a session opens. */
  onSecondStep: (step: SecondStep) => void;
}

export function SetPasswordByLink({ link, onSecondStep }: SetPasswordByLinkProps) {
  const { t } = useTranslation();
  const id = useId();
  const errorMessage = useErrorMessage();
  const [formError, setFormError] = useState<string | null>(null);
  // A session needs nothing here: the signed-in store moves the route on.
  const save = useSetPasswordByLink((outcome) => {
    if (typeof outcome === 'object') onSecondStep(outcome.secondStep);
  });
  const error = formError ?? (save.isError ? errorMessage(save.error) : null);

  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const { password: NewPassword, problem } = newPasswordOf(e.currentTarget, t);
    setFormError(problem);
    if (problem) return;
    save.mutate({ ...link, NewPassword });
  };

  return (
    <form className="login-form" onSubmit={submit} noValidate aria-labelledby={`${id}-title`}>
      <h1 id={`${id}-title`} className="login-form__title">
        {t('setPassword.title')}
      </h1>
      <p className="login-form__intro">{t('setPassword.intro', { login: link.Player })}</p>
      <ErrorAlert error={error} />
      {/* For password managers: the account the new password belongs to. */}
      <input type="hidden" name="username" autoComplete="username" value={link.Player} />
      <PasswordFields />
      <button
        type="submit"
        className="button button--primary button--block"
        disabled={save.isPending}
      >
        {save.isPending ? t('setPassword.saving') : t('setPassword.submit')}
      </button>
    </form>
  );
}
