import { PLAYER_ACCESS } from '@backline/contract/calls/player-create';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { CardForm } from '@/components/payments/card-form';
import { AgentSelect } from '@/components/ui/agent-select';
import { FormActions } from '@/components/ui/form-actions';
import { AccessFields, AccountFields, useNewAccount } from '@/components/ui/new-account-fields';
import { playerPageUrl } from '@/components/ui/player-link';
import { toast } from '@/stores/toast-store';
import { useCreatePlayer } from '../api/create-player';

/**
 * A new player under the agent chosen (the one the list shows, at first): its login and name, and a
 * first password or an access link e-mailed to the player. The player starts on the agent's limits
 * for new players; its page opens once it is made.
 */
export function NewPlayerForm(props: { idAgent: number; onDone: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [idAgent, setIdAgent] = useState(props.idAgent);
  const account = useNewAccount('players.new', PLAYER_ACCESS);
  const create = useCreatePlayer();

  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (create.isPending) return;
    const entered = account.read(e.currentTarget, (email, access) =>
      access === 'link' && email === '' ? t('players.new.emailForLink') : null,
    );
    if (!entered) return;
    create.mutate(
      { ...entered, idAgent, email: entered.email || undefined },
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
    <CardForm title={t('players.new.title')} onSubmit={submit}>
      <div className="payment-form__wide">
        <AgentSelect value={idAgent} onChange={setIdAgent} />
      </div>
      <AccountFields {...account.fields} />
      <AccessFields {...account.access} />
      <FormActions
        block="payment-form"
        error={create.error}
        submitLabel={t('players.new.submit')}
        pending={create.isPending}
        cancelLabel={t('payments.cancel')}
        onCancel={props.onDone}
      />
    </CardForm>
  );
}
