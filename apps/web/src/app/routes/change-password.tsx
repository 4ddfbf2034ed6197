import { useTranslation } from 'react-i18next';
import { ChangePassword } from '@/features/accounts';
import { useDocumentTitle } from '@/lib/use-document-title';

export default function ChangePasswordRoute() {
  const { t } = useTranslation();
  useDocumentTitle(t('changePassword.title'));
  return <ChangePassword />;
}
