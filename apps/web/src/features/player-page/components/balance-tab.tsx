import type { PlayerAccount } from '@backline/contract/calls/player-account';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { playerHistoryUrl } from '@/components/ui/player-link';
import {
  EntryForm,
  EntryKindButtons,
  useEntryKinds,
  type EntryKind,
} from '@/components/player-entry/entry-form';
import '@/components/payments/payments.css';

/**
 * Money entries for this player: a payment, an adjustment or free play, each confirmed with the
 * amount as it will post and what the player holds after it; the lines are in the history.
 */
export function BalanceTab({ player }: { player: PlayerAccount }) {
  const { t } = useTranslation();
  const kinds = useEntryKinds();
  // The kind the form opened on; null: closed. Each opening is a new form: one form, one entry.
  const [formKind, setFormKind] = useState<EntryKind | null>(null);
  return (
    <div className="player-page__balance">
      {formKind ? (
        <EntryForm
          kinds={kinds}
          initial={formKind}
          player={player}
          onDone={() => setFormKind(null)}
        />
      ) : (
        <div className="report__tools">
          <EntryKindButtons kinds={kinds} onOpen={setFormKind} />
          {kinds.length === 0 && <p>{t('player.readOnly')}</p>}
        </div>
      )}
      <p>
        <Link to={playerHistoryUrl(player.IdPlayer)}>
          {t('player.balance.history', { player: player.Player })}
        </Link>
      </p>
    </div>
  );
}
