import { useTranslation } from 'react-i18next';
import { PasskeysPanel } from '@/features/passkeys';
import { SecurityScreen } from '@/features/second-step';
import { useDocumentTitle } from '@/lib/use-document-title';

export default function SecurityRoute() {
  const { t } = useTranslation();
  useDocumentTitle(t('secondStep.title'));
  return <SecurityScreen passkeys={<PasskeysPanel />} />;
}
