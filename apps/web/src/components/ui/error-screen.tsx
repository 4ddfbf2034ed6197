import { useQueryClient } from '@tanstack/react-query';
import { useLayoutEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PublicLayout } from '@/components/layouts/public-layout';
import { paths } from '@/config/paths';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useAgentStore } from '@/stores/agent-store';

interface ErrorScreenProps {
  heading: string;
  text: string;
}

/** /404 and /401: both discard the session (SPEC.md §2) and offer a way back to the log-in. */
export function ErrorScreen({ heading, text }: ErrorScreenProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  useDocumentTitle(heading);

  // Before the first paint: once the screen shows, the session is already gone.
  useLayoutEffect(() => {
    useAgentStore.getState().reset();
    queryClient.clear();
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
