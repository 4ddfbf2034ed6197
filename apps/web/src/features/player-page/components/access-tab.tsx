import type { BookProduct } from '@backline/contract/calls/platform-feed';
import type { PlayerAccount } from '@backline/contract/calls/player-account';
import { PLAYER_STATUSES, type PlayerStatus } from '@backline/contract/reports/players';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { DirectionField } from '@/components/payments/direction-field';
import { ProductsField } from '@/components/ui/products-field';
import { useAgentStore } from '@/stores/agent-store';
import { toast } from '@/stores/toast-store';
import { useSetPlayerAccess } from '../api/player-page';
import { SaveFooter } from './form-parts';
import { PlayerPassword } from './player-password';

/**
 * Whether the player may bet, and which products: told to the platform. Suspending refuses new
 * wagers; what is open stands.
 */
export function AccessTab({ player }: { player: PlayerAccount }) {
  const { t } = useTranslation();
  const mayEdit = useAgentStore((s) => s.rights.includes('managePlayers'));
  const mayChangePassword = useAgentStore((s) => s.rights.includes('changePasswords'));
  const [status, setStatus] = useState<PlayerStatus>(player.Status);
  const [off, setOff] = useState<readonly BookProduct[]>(player.ProductsOff);
  const save = useSetPlayerAccess();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (save.isPending) return;
    save.mutate(
      { idPlayer: player.IdPlayer, status, productsOff: [...off] },
      { onSuccess: (p) => toast.success(t('player.access.saved', { player: p.Player })) },
    );
  };
  return (
    <>
      <form className="player-form" onSubmit={submit} noValidate>
        <fieldset disabled={!mayEdit} className="player-form__fields">
          <DirectionField
            legend={t('player.access.status')}
            directions={PLAYER_STATUSES}
            names="players.statuses"
            hints="player.access.statusHints"
            value={status}
            onChange={setStatus}
          />
          <ProductsField
            legend={t('player.access.products')}
            off={off}
            onChange={setOff}
            className="player-form__products"
          />
        </fieldset>
        <SaveFooter mayEdit={mayEdit} label={t('player.access.save')} mutation={save} />
      </form>
      {mayChangePassword && <PlayerPassword player={player} />}
    </>
  );
}
