import { useTranslation } from 'react-i18next';
import { PublicLayout } from '@/components/layouts/public-layout';
import { AgentSignUp } from '@/features/sign-up';
import { useDocumentTitle } from '@/lib/use-document-title';

/** Public: the standard sign-up form, for sites without one of their own. */
export default function AgentSignUpGenericRoute() {
  const { t } = useTranslation();
  useDocumentTitle(t('signUp.pageTitle'));
  return (
    <PublicLayout>
      <AgentSignUp generic />
    </PublicLayout>
  );
}
