import { logout } from '@backline/contract/calls/auth';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Dialog } from '@/components/ui/dialog';
import { ErrorAlert } from '@/components/ui/states';
import { paths } from '@/config/paths';
import { apiCall, sessionCredentials } from '@/lib/api-client';
import {
  activeSinceLastCall,
  holdExpiredSession,
  noteActivity,
  useSessionIdle,
} from '@/lib/session-idle';
import { useAgentStore } from '@/stores/agent-store';
import { keepSessionAlive } from '../api/keep-alive';
import './idle-warning.css';
import { logIn } from '../api/login';
import { PasswordField } from './password-field';
import { logOut } from '../api/logout';

/** How long before the idle limit the agent is warned. */
export const WARN_BEFORE_MS = 60_000;
/** What a person here does: typing, clicking or touching, and scrolling through a long report. */
const ACTIVITY = ['keydown', 'pointerdown', 'input', 'wheel'] as const;

type Phase = 'quiet' | 'warning' | 'expired';

/**
 * A minute before the server would end an idle session, a dialog counts down and offers to stay.
 * Someone who typed or clicked since the last call is not idle: the session is kept without asking,
 * so a form being filled in never loses its session. If the time runs out, the session is ended on
 * the server too, and the screen stays where it was, hidden, until the same account signs in again
 * here: whatever was typed into it is still there.
 */
export function IdleWarning() {
  const { deadline } = useSessionIdle();
  const [phase, setPhase] = useState<Phase>('quiet');
  const [now, setNow] = useState(() => Date.now());

  useEffect(() => {
    for (const type of ACTIVITY) {
      window.addEventListener(type, noteActivity, { capture: true, passive: true });
    }
    return () => {
      for (const type of ACTIVITY) window.removeEventListener(type, noteActivity, true);
    };
  }, []);

  // Quiet until a minute before the end; then either kept silently, or the warning.
  useEffect(() => {
    if (phase !== 'quiet' || deadline === null) return;
    const timer = window.setTimeout(
      () => {
        if (activeSinceLastCall()) void keepSessionAlive().catch(() => setPhase('warning'));
        else setPhase('warning');
      },
      Math.max(0, deadline - WARN_BEFORE_MS - Date.now()),
    );
    return () => window.clearTimeout(timer);
  }, [phase, deadline]);

  // The countdown, and the end of the session when it reaches zero.
  useEffect(() => {
    if (phase !== 'warning' || deadline === null) return;
    const tick = () => {
      const at = Date.now();
      setNow(at);
      // A call made meanwhile (a screen refreshing its figures) moved the end on.
      if (deadline - at > WARN_BEFORE_MS) setPhase('quiet');
      else if (at >= deadline) {
        endSession();
        setPhase('expired');
      }
    };
    tick();
    const timer = window.setInterval(tick, 1000);
    return () => window.clearInterval(timer);
  }, [phase, deadline]);

  if (phase === 'warning' && deadline !== null) {
    return (
      <WarningDialog
        seconds={Math.max(0, Math.ceil((deadline - now) / 1000))}
        onStayed={() => setPhase('quiet')}
      />
    );
  }
  if (phase === 'expired') return <SignInAgainDialog onSignedIn={() => setPhase('quiet')} />;
  return null;
}

/** Revokes the token on the server (its own clock may not have reached the end yet). */
function endSession() {
  holdExpiredSession(true);
  const credentials = sessionCredentials();
  if (credentials) void apiCall(logout, { body: {}, credentials }).catch(() => undefined);
}

function WarningDialog({ seconds, onStayed }: { seconds: number; onStayed: () => void }) {
  const { t } = useTranslation();
  const [error, setError] = useState<unknown>(null);
  const [pending, setPending] = useState(false);
  const stay = () => {
    setPending(true);
    keepSessionAlive()
      .then(onStayed)
      .catch((e: unknown) => setError(e))
      .finally(() => setPending(false));
  };
  return (
    <Dialog title={t('session.warningTitle')} onClose={stay} className="idle-warning">
      <p className="idle-warning__count" role="timer" aria-live="polite">
        {t('session.warningText', { seconds })}
      </p>
      <ErrorAlert error={error} />
      <div className="idle-warning__actions">
        <button type="button" className="button button--primary" onClick={stay} disabled={pending}>
          {t('session.stay')}
        </button>
        <button type="button" className="button" onClick={() => void logOut()}>
          {t('session.signOut')}
        </button>
      </div>
    </Dialog>
  );
}

function SignInAgainDialog({ onSignedIn }: { onSignedIn: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const account = useAgentStore((s) => s.session ?? s.player);
  const [error, setError] = useState<unknown>(null);
  const [pending, setPending] = useState(false);

  const leave = () => {
    holdExpiredSession(false);
    useAgentStore.getState().reset();
    queryClient.clear();
    void navigate(paths.login, { replace: true });
  };

  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (!account) return leave();
    setPending(true);
    setError(null);
    const password = String(new FormData(e.currentTarget).get('password') ?? '');
    logIn({ Player: account.Player, Password: password, SiteId: account.SiteId })
      .then(() => {
        holdExpiredSession(false);
        onSignedIn();
        // Whatever failed while signed out is asked again with the new session, whose expiry the
        // keep-alive's answer tells even if no screen asks for anything.
        void queryClient.invalidateQueries();
        void keepSessionAlive().catch(() => undefined);
      })
      .catch((e: unknown) => setError(e))
      .finally(() => setPending(false));
  };

  return (
    <Dialog
      title={t('session.endedTitle')}
      onClose={leave}
      className="idle-warning idle-warning--ended"
    >
      <form className="idle-warning__form" onSubmit={submit}>
        <p>{t('session.endedText', { login: account?.Player ?? '' })}</p>
        <ErrorAlert error={error} />
        <PasswordField autoFocus />
        <div className="idle-warning__actions">
          <button type="submit" className="button button--primary" disabled={pending}>
            {t('session.signInAgain')}
          </button>
          <button type="button" className="button" onClick={leave}>
            {t('session.signOut')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
