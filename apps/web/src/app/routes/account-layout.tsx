import { useTranslation } from 'react-i18next';
import { Link, Outlet, useNavigate } from 'react-router';
import { PublicLayout } from '@/components/layouts/public-layout';
import { paths } from '@/config/paths';
import { useLogout } from '@/features/auth';
import { useAgentStore } from '@/stores/agent-store';
import { Screen } from '../route-transition';
import { AgentLayout } from './agent-layout';

/**
 * ChangePassword and Sessions serve both kinds of account: a player (frames log-in) gets them
 * alone, in the signed-out frame with a way to log out; an agent inside the shell like any screen.
 */
export function AccountLayout() {
  const { t } = useTranslation();
  const player = useAgentStore((s) => s.player);
  const logout = useLogout();
  const navigate = useNavigate();
  if (!player) return <AgentLayout />;
  return (
    <PublicLayout>
      <div className="player-bar">
        <span>{player.Player}</span>
        <nav aria-label={t('nav.groups.account')} className="player-bar__links">
          <Link to={paths.changePassword}>{t('nav.changePassword')}</Link>
          <Link to={paths.sessions}>{t('nav.sessions')}</Link>
        </nav>
        <button
          type="button"
          className="button"
          onClick={() => void logout().finally(() => void navigate(paths.login, { replace: true }))}
        >
          {t('shell.logout')}
        </button>
      </div>
      <Screen>
        <Outlet />
      </Screen>
    </PublicLayout>
  );
}
