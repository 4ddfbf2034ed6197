import { logout } from '@backline/contract/calls/auth';
import { useQueryClient } from '@tanstack/react-query';
import { useLayoutEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PublicLayout } from '@/components/layouts/public-layout';
import { paths } from '@/config/paths';
import { apiCall, sessionCredentials } from '@/lib/api-client';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useAgentStore } from '@/stores/agent-store';
import './error-screen.css';

interface ErrorScreenProps {
  heading: string;
  text: string;
}

/**
 * /404 and /401: both end the session (SPEC.md §2), here and on the server, so the token is revoked
 * and not merely forgotten, and offer a way back to the log-in.
 */
export function ErrorScreen({ heading, text }: ErrorScreenProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  useDocumentTitle(heading);

  // Before the first paint: once the screen shows, the session is already gone.
  useLayoutEffect(() => {
    const credentials = sessionCredentials();
    useAgentStore.getState().reset();
    queryClient.clear();
    // A session the server already ended (the usual way to /401) answers 401: the outcome asked for.
    if (credentials) void apiCall(logout, { body: {}, credentials }).catch(() => undefined);
  }, [queryClient]);

  return (
    <PublicLayout>
      <section className="error-screen" aria-labelledby="error-screen-heading">
        <p className="error-screen__code" aria-hidden="true">
          {heading.replace(/\D/g, '')}
        </p>
        <h1 id="error-screen-heading">{heading}</h1>
        <p className="error-screen__text">{text}</p>
        <Link className="button button--primary" to={paths.login}>
          {t('errors.goToLogin')}
        </Link>
      </section>
    </PublicLayout>
  );
}
