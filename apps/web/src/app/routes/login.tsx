import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, type Location } from 'react-router';
import { PublicLayout } from '@/components/layouts/public-layout';
import { paths } from '@/config/paths';
import { LoginForm, type PasskeySlotProps } from '@/features/auth';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useAgentStore } from '@/stores/agent-store';

// The second step with a passkey, when the agent has one: its own chunk (the WebAuthn library stays
// out of the log-in page's entry), composed here since features never import each other.
const PasskeySignInButton = lazy(() =>
  import('@/features/passkeys').then((m) => ({ default: m.PasskeySignInButton })),
);
const passkeyButton = (props: PasskeySlotProps) => (
  <Suspense fallback={null}>
    <PasskeySignInButton {...props} />
  </Suspense>
);

export default function LoginRoute() {
  const { t } = useTranslation();
  const signedIn = useAgentStore((s) => s.session !== null);
  const player = useAgentStore((s) => s.player !== null);
  const location = useLocation();
  useDocumentTitle(t('login.title'));

  if (player) return <Navigate to={paths.changePassword} replace />;
  if (signedIn) {
    // Back to the screen that sent the agent here to log in, filters included.
    const from = (location.state as { from?: Location } | null)?.from;
    const to = from ? `${from.pathname}${from.search}` : paths.weeklyBalance;
    return <Navigate to={to} replace />;
  }
  return (
    <PublicLayout>
      <div className="login-card">
        <LoginForm passkey={passkeyButton} />
      </div>
    </PublicLayout>
  );
}
