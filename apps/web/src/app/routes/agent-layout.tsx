import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useLocation, useNavigate } from 'react-router';
import { AppShell } from '@/components/layouts/app-shell';
import { PublicLayout } from '@/components/layouts/public-layout';
import { ErrorState } from '@/components/ui/states';
import { paths } from '@/config/paths';
import { loadAgentProfile, useLogout } from '@/features/auth';
import { UnauthorizedError } from '@/lib/api-client';
import { useErrorMessage } from '@/lib/errors';
import { Screen } from '../route-transition';
import { useAgentStore } from '@/stores/agent-store';
import { toast } from '@/stores/toast-store';

// The header's view-as and notification parts load after log-in, keeping the log-in bundle small.
const ViewAsSelect = lazy(() =>
  import('@/features/view-as').then((m) => ({ default: m.ViewAsSelect })),
);
const ViewAsBanner = lazy(() =>
  import('@/features/view-as').then((m) => ({ default: m.ViewAsBanner })),
);
const NotificationBell = lazy(() =>
  import('@/features/notifications/bell').then((m) => ({ default: m.NotificationBell })),
);

/** Screens for signed-in agents: restores the agent after a reload and frames them in the shell. */
export function AgentLayout() {
  const { t } = useTranslation();
  const session = useAgentStore((s) => s.session);
  const player = useAgentStore((s) => s.player !== null);
  const agent = useAgentStore((s) => s.agent);
  const location = useLocation();
  const navigate = useNavigate();
  const logout = useLogout();
  const errorMessage = useErrorMessage();
  const [loadError, setLoadError] = useState<unknown>(null);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (!session || agent) return;
    const controller = new AbortController();
    loadAgentProfile(controller.signal).catch((error: unknown) => {
      if (controller.signal.aborted) return;
      if (error instanceof UnauthorizedError) void navigate(paths.unauthorized, { replace: true });
      else setLoadError(error);
    });
    return () => controller.abort();
  }, [session, agent, attempt, navigate]);

  // A player may open ChangePassword only; every agent screen refuses it.
  if (player) return <Navigate to={paths.unauthorized} replace />;
  if (!session) return <Navigate to={paths.login} replace state={{ from: location }} />;
  if (loadError) {
    return (
      <PublicLayout>
        <ErrorState
          message={errorMessage(loadError)}
          onRetry={() => {
            setLoadError(null);
            setAttempt((n) => n + 1);
          }}
        />
      </PublicLayout>
    );
  }
  // The busy overlay covers the screen while the agent is fetched.
  if (!agent) return null;

  const onLogout = () => {
    logout().then(
      () => toast.success(t('shell.loggedOut')),
      (error: unknown) => toast.error(errorMessage(error)),
    );
  };

  return (
    <AppShell
      onLogout={onLogout}
      onLanguageChange={(language) => {
        import('@/features/agent-language')
          .then((m) => m.rememberLanguage(language))
          .catch((error: unknown) => toast.error(errorMessage(error)));
      }}
      viewAs={
        <Suspense fallback={null}>
          <ViewAsSelect />
        </Suspense>
      }
      banner={
        <Suspense fallback={null}>
          <ViewAsBanner />
        </Suspense>
      }
      bell={
        <Suspense fallback={null}>
          <NotificationBell />
        </Suspense>
      }
    >
      <Screen>
        <Outlet />
      </Screen>
    </AppShell>
  );
}
