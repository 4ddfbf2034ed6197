import { PLAYER_ACCESS } from '@backline/contract/calls/player-create';
import { LOGIN_PATTERN } from '@backline/contract/core/common';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { DirectionField } from '@/components/payments/direction-field';
import { AgentSelect } from '@/components/ui/agent-select';
import { newPasswordOf, PasswordFields } from '@/components/ui/password-fields';
import { playerPageUrl } from '@/components/ui/player-link';
import { ErrorAlert } from '@/components/ui/states';
import { TextField } from '@/components/ui/text-field';
import { toast } from '@/stores/toast-store';
import { useCreatePlayer } from '../api/create-player';

type Access = (typeof PLAYER_ACCESS)[number];

/**
 * A new player under the agent chosen (the one the list shows, at first): its login and name, and a
 * first password or an access link e-mailed to the player. The player starts on the agent's limits
 * for new players; its page opens once it is made.
 */
export function NewPlayerForm(props: { idAgent: number; onDone: () => void }) {
  const { t } = useTranslation();
  const id = useId();
  const navigate = useNavigate();
  const [idAgent, setIdAgent] = useState(props.idAgent);
  const [access, setAccess] = useState<Access>('password');
  const [problem, setProblem] = useState<Record<string, string>>({});
  const create = useCreatePlayer();

  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (create.isPending) return;
    const data = new FormData(e.currentTarget);
    const text = (name: string) => String(data.get(name) ?? '').trim();
    const login = text('login');
    const email = text('email');
    const found: Record<string, string> = {};
    if (!LOGIN_PATTERN.test(login)) found.login = t('players.new.loginRule');
    if (text('name') === '') found.name = t('players.new.nameRequired');
    const password = access === 'password' ? newPasswordOf(e.currentTarget, t) : null;
    if (password?.problem) found.password = password.problem;
    if (access === 'link' && email === '') found.email = t('players.new.emailForLink');
    setProblem(found);
    if (Object.keys(found).length > 0) return;
    create.mutate(
      {
        idAgent,
        login,
        name: text('name'),
        email: email || undefined,
        access,
        ...(password ? { password: password.password } : {}),
        ...(access === 'link' ? { currentURL: window.location.href } : {}),
      },
      {
        onSuccess: (made) => {
          toast.success(
            t(made.AccessLinkSent ? 'players.new.createdLink' : 'players.new.created', {
              player: made.Player.Player,
            }),
          );
          props.onDone();
          void navigate(playerPageUrl(made.Player.IdPlayer));
        },
      },
    );
  };

  return (
    <form
      className="payment-form card"
      aria-labelledby={`${id}-title`}
      onSubmit={submit}
      noValidate
    >
      <h2 id={`${id}-title`} className="payment-form__title">
        {t('players.new.title')}
      </h2>
      <div className="payment-form__wide">
        <AgentSelect value={idAgent} onChange={setIdAgent} />
      </div>
      <TextField
        label={t('fields.login')}
        name="login"
        autoComplete="off"
        spellCheck={false}
        maxLength={32}
        required
        hint={t('players.new.loginRule')}
        error={problem.login}
      />
      <TextField
        label={t('fields.name')}
        name="name"
        autoComplete="off"
        maxLength={100}
        required
        error={problem.name}
      />
      <TextField
        label={t('fields.email')}
        name="email"
        type="email"
        autoComplete="off"
        maxLength={254}
        error={problem.email}
      />
      <div className="payment-form__wide">
        <DirectionField
          legend={t('fields.access')}
          directions={PLAYER_ACCESS}
          names="players.new.access"
          hints="players.new.accessHints"
          value={access}
          onChange={setAccess}
        />
      </div>
      {access === 'password' && (
        <>
          <PasswordFields />
          {problem.password && (
            <p className="field__error payment-form__wide">{problem.password}</p>
          )}
        </>
      )}
      <ErrorAlert error={create.error} className="payment-form__wide" />
      <div className="payment-form__actions">
        <button type="submit" className="button button--primary" disabled={create.isPending}>
          {t('players.new.submit')}
        </button>
        <button type="button" className="button" onClick={props.onDone}>
          {t('payments.cancel')}
        </button>
      </div>
    </form>
  );
}
