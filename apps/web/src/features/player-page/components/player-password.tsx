import type { PlayerAccount } from '@backline/contract/calls/player-account';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { newPasswordOf, PasswordFields } from '@/components/ui/password-fields';
import { ErrorAlert } from '@/components/ui/states';
import { useChangeAccountPassword } from '@/lib/account-password';
import { toast } from '@/stores/toast-store';

/**
 * A new password for the player, set by an agent with the right to change passwords (the same call
 * as the passwords screen): the player's sessions end, and it logs in with the new one.
 */
export function PlayerPassword({ player }: { player: PlayerAccount }) {
  const { t } = useTranslation();
  const id = useId();
  const change = useChangeAccountPassword();
  const [problem, setProblem] = useState<string | null>(null);
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = e.currentTarget;
    const { password, problem: issue } = newPasswordOf(form, t);
    setProblem(issue);
    if (issue || change.isPending) return;
    change.mutate(
      { IdPlayer: player.IdPlayer, NewPassword: password },
      {
        onSuccess: () => {
          form.reset();
          toast.success(t('player.access.passwordChanged', { player: player.Player }));
        },
      },
    );
  };
  return (
    <form className="player-form" aria-labelledby={`${id}-title`} onSubmit={submit} noValidate>
      <h2 id={`${id}-title`} className="player-form__title">
        {t('player.access.password')}
      </h2>
      <p className="field__hint">{t('player.access.passwordHint')}</p>
      <PasswordFields />
      <ErrorAlert error={problem ?? change.error} />
      <button type="submit" className="button" disabled={change.isPending}>
        {t('player.access.setPassword')}
      </button>
    </form>
  );
}
