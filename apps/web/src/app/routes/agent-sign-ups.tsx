import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/ui/states';
import { AgentSignUps } from '@/features/agent-sign-ups';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useAgentStore } from '@/stores/agent-store';

export default function AgentSignUpsRoute() {
  const { t } = useTranslation();
  const allowed = useAgentStore(
    (s) => s.rights.includes('manageAgents') && s.agent?.IdParent === null,
  );
  useDocumentTitle(t('agentSignUps.title'));
  if (!allowed) return <EmptyState message={t('shell.noAccess')} />;
  return <AgentSignUps />;
}
