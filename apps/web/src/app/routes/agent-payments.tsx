import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/ui/states';
import { AgentPayments } from '@/features/agent-payments';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useAgentStore } from '@/stores/agent-store';

export default function AgentPaymentsRoute() {
  const { t } = useTranslation();
  const mayView = useAgentStore((s) => s.rights.includes('viewReports'));
  useDocumentTitle(t('agentPayments.title'));
  if (!mayView) return <EmptyState message={t('shell.noAccess')} />;
  return <AgentPayments />;
}
