import { lazy, Suspense, useEffect, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { LoadingOverlay } from '@/components/ui/loading-overlay';
import { Toasts } from '@/components/ui/toasts';
import { paths } from '@/config/paths';
import { useEmbedderLanguage, useLanguageSync } from '@/lib/language';
import { onSessionRefused } from '@/lib/session-events';
import { isExpiredSessionHeld } from '@/lib/session-idle';
import { useAgentStore } from '@/stores/agent-store';

// Only a signed-in visitor needs it, so the log-in screen never downloads it.
const IdleWarning = lazy(() =>
  import('@/features/auth/idle').then((m) => ({ default: m.IdleWarning })),
);

/** The root screen: routed screens, with the busy overlay and the toasts above them. */
export function RootLayout({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  useLanguageSync();
  useEmbedderLanguage();
  const signedIn = useAgentStore((s) => s.session !== null || s.player !== null);
  useEffect(
    () =>
      onSessionRefused(() => {
        // An idle session that ran out keeps its screen until the account signs in again.
        if (!isExpiredSessionHeld()) void navigate(paths.unauthorized, { replace: true });
      }),
    [navigate],
  );
  return (
    <>
      {children}
      {signedIn && (
        <Suspense fallback={null}>
          <IdleWarning />
        </Suspense>
      )}
      <LoadingOverlay />
      <Toasts />
    </>
  );
}
