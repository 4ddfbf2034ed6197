import { useTranslation } from 'react-i18next';
import { Outlet, useNavigate } from 'react-router';
import { PublicLayout } from '@/components/layouts/public-layout';
import { paths } from '@/config/paths';
import { useLogout } from '@/features/auth';
import { useAgentStore } from '@/stores/agent-store';
import { Screen } from '../route-transition';
import { AgentLayout } from './agent-layout';

/**
 * ChangePassword serves both kinds of account: a player (frames log-in) gets it alone, in the
 * signed-out frame with a way to log out; an agent gets it inside the shell like any screen.
 */
export function AccountLayout() {
  const { t } = useTranslation();
  const player = useAgentStore((s) => s.player);
  const logout = useLogout();
  const navigate = useNavigate();
  if (!player) return <AgentLayout />;
  return (
    <PublicLayout>
      <p className="player-bar">
        <span>{player.Player}</span>
        <button
          type="button"
          className="button"
          onClick={() => void logout().finally(() => void navigate(paths.login, { replace: true }))}
        >
          {t('shell.logout')}
        </button>
      </p>
      <Screen>
        <Outlet />
      </Screen>
    </PublicLayout>
  );
}
