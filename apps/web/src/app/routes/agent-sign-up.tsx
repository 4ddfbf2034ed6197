import { useTranslation } from 'react-i18next';
import { PublicLayout } from '@/components/layouts/public-layout';
import { AgentSignUp } from '@/features/sign-up';
import { useDocumentTitle } from '@/lib/use-document-title';

/** Public: a visitor of the agent site applies to become an agent; no session, no agent shell. */
export default function AgentSignUpRoute() {
  const { t } = useTranslation();
  useDocumentTitle(t('signUp.pageTitle'));
  return (
    <PublicLayout>
      <AgentSignUp generic={false} />
    </PublicLayout>
  );
}
