// ChangeAgentPassword: an agent sets the password of a sub-agent or a player of its subtree, sees
// whether a sub-agent has online access, and e-mails it a one-time access link.
import { useId, useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { PlayerPicker } from '@/components/player-picker/player-picker';
import { AgentSelect } from '@/components/ui/agent-select';
import { useErrorMessage } from '@/lib/errors';
import { useAgentStore } from '@/stores/agent-store';
import { toast } from '@/stores/toast-store';
import { useChangeAccountPassword } from '@/lib/account-password';
import { OnlineAccess } from './online-access';
import { newPasswordOf, PasswordFields } from '@/components/ui/password-fields';
import { ErrorAlert } from '@/components/ui/states';
import './accounts.css';

type Target = 'agent' | 'player';

export function ChangeAgentPassword() {
  const { t } = useTranslation();
  const id = useId();
  const errorMessage = useErrorMessage();
  const allAgents = useAgentStore((s) => s.subAgents);
  const subAgents = useMemo(() => allAgents.filter((a) => a.Depth > 0), [allAgents]);
  const [target, setTarget] = useState<Target>(subAgents.length ? 'agent' : 'player');
  const [idAgent, setIdAgent] = useState<number | null>(subAgents[0]?.IdAgent ?? null);
  const [player, setPlayer] = useState<{ Id: number; Login: string } | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const change = useChangeAccountPassword();
  const chosen = target === 'agent' ? idAgent : (player?.Id ?? null);

  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const formElement = e.currentTarget;
    const { password: NewPassword, problem: passwordIssue } = newPasswordOf(formElement, t);
    const problem = chosen === null ? t('changeAgentPassword.chooseAccount') : passwordIssue;
    setFormError(problem);
    if (problem || chosen === null) return;
    change.mutate(
      target === 'agent' ? { IdAgent: chosen, NewPassword } : { IdPlayer: chosen, NewPassword },
      {
        onSuccess: () => {
          formElement.reset();
          toast.success(t('changeAgentPassword.changed'));
        },
      },
    );
  };

  const error = formError ?? (change.isError ? errorMessage(change.error) : null);
  return (
    <section className="account-card" aria-labelledby={`${id}-title`}>
      <h1 id={`${id}-title`}>{t('changeAgentPassword.title')}</h1>
      <fieldset>
        <legend>{t('changeAgentPassword.accountKind')}</legend>
        {(['agent', 'player'] as const).map((kind) => (
          <label key={kind}>
            <input
              type="radio"
              name={`${id}-kind`}
              value={kind}
              checked={target === kind}
              onChange={() => {
                setTarget(kind);
                setFormError(null);
                change.reset();
              }}
            />{' '}
            {t(`changeAgentPassword.${kind}`)}
          </label>
        ))}
      </fieldset>
      {target === 'agent' &&
        (subAgents.length === 0 ? (
          <p role="status">{t('changeAgentPassword.noSubAgents')}</p>
        ) : (
          <>
            <AgentSelect agents={subAgents} value={idAgent ?? 0} onChange={setIdAgent} />
            {idAgent !== null && <OnlineAccess idAgent={idAgent} />}
          </>
        ))}
      {target === 'player' && (
        <>
          <PlayerPicker
            label={t('changeAgentPassword.findPlayer')}
            chosen={player?.Id}
            onPick={(p) => setPlayer({ Id: p.IdPlayer, Login: p.Player })}
          />
          {player && <p>{t('changeAgentPassword.chosenPlayer', { login: player.Login })}</p>}
        </>
      )}
      <form onSubmit={onSubmit} noValidate>
        <h2>{t('changeAgentPassword.setPassword')}</h2>
        <ErrorAlert error={error} />
        <PasswordFields />
        <button type="submit" className="button button--primary" disabled={change.isPending}>
          {t('changeAgentPassword.save')}
        </button>
      </form>
    </section>
  );
}
