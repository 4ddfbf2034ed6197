import type { PlayerStandingRow } from '@backline/contract/reports/player-standing';
import { useTranslation } from 'react-i18next';
import { PlayerPicker } from '@/components/player-picker/player-picker';
import { Money } from '@/components/ui/money-cell';

/** What a money entry needs of its player: who, and what the entry moves. */
export type EntryPlayer = Pick<
  PlayerStandingRow,
  'IdPlayer' | 'Player' | 'Name' | 'Agent' | 'Currency' | 'Balance' | 'FreePlayBalance'
>;

interface PlayerFieldProps {
  id: string;
  player: EntryPlayer | null;
  onChange: (player: EntryPlayer | null) => void;
  locale: string;
  /** Say that a player is needed (after a first submit without one). */
  missing: boolean;
}

/** The player a money entry is for: picked by search, then shown with its balance until changed. */
export function PlayerField({ id, player, onChange, locale, missing }: PlayerFieldProps) {
  const { t } = useTranslation();
  if (!player)
    return (
      <div className="payment-form__wide">
        <PlayerPicker label={t('playerPayment.player')} onPick={onChange} autoFocus />
        {missing && <p className="field__error">{t('playerPayment.playerRequired')}</p>}
      </div>
    );
  return (
    <div className="field payment-form__wide">
      <span className="field__label" id={`${id}-player`}>
        {t('playerPayment.player')}
      </span>
      <div className="payment-form__chosen" aria-labelledby={`${id}-player`} role="group">
        <span className="player-picker__who">
          <span className="player__login">{player.Player}</span>
          <span className="player__name">
            {player.Name} · {player.Agent} · {t('playerStanding.columns.Balance')}{' '}
            <Money minor={player.Balance} currency={player.Currency} locale={locale} />
          </span>
        </span>
        <button type="button" className="button button--ghost" onClick={() => onChange(null)}>
          {t('playerPayment.changePlayer')}
        </button>
      </div>
    </div>
  );
}
