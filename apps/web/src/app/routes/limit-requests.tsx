import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/ui/states';
import { LimitRequests } from '@/features/limit-requests';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useAgentStore } from '@/stores/agent-store';

export default function LimitRequestsRoute() {
  const { t } = useTranslation();
  const allowed = useAgentStore(
    (s) => s.rights.includes('exceedCaps') || s.rights.includes('manageAgents'),
  );
  useDocumentTitle(t('limitRequests.title'));
  if (!allowed) return <EmptyState message={t('shell.noAccess')} />;
  return <LimitRequests />;
}
