import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/ui/states';
import { AgentTree } from '@/features/agent-tree';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useAgentStore } from '@/stores/agent-store';

export default function AgentTreeRoute() {
  const { t } = useTranslation();
  const mayView = useAgentStore((s) => s.rights.includes('viewReports'));
  const actAs = useAgentStore((s) => s.actAs);
  useDocumentTitle(t('agentTree.title'));
  if (!mayView) return <EmptyState message={t('shell.noAccess')} />;
  // A new view starts from a closed tree: the open branches belonged to the previous one.
  return <AgentTree key={actAs} />;
}
