import type { PlayerAccount } from '@backline/contract/calls/player-account';
import { useTranslation } from 'react-i18next';
import { LoginHistory } from '@/components/sessions/login-history';

/** The player's log-ins, here and on the platform: where from and on which device. */
export function LoginsTab({ player }: { player: PlayerAccount }) {
  const { t } = useTranslation();
  return (
    <LoginHistory
      account={{ idPlayer: player.IdPlayer }}
      title={t('loginHistory.ofPlayer', { player: player.Player })}
    />
  );
}
