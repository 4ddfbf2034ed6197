import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/ui/states';
import { ChangeAgentPassword } from '@/features/accounts';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useAgentStore } from '@/stores/agent-store';

export default function ChangeAgentPasswordRoute() {
  const { t } = useTranslation();
  const allowed = useAgentStore((s) => s.rights.includes('changePasswords'));
  useDocumentTitle(t('changeAgentPassword.title'));
  if (!allowed) return <EmptyState message={t('shell.noAccess')} />;
  return <ChangeAgentPassword />;
}
