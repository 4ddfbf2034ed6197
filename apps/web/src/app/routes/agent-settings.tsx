import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/ui/states';
import { AgentSettingsScreen } from '@/features/agent-settings';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useAgentStore } from '@/stores/agent-store';

export default function AgentSettingsRoute() {
  const { t } = useTranslation();
  const mayManage = useAgentStore((s) => s.rights.includes('manageAgents'));
  useDocumentTitle(t('agentSettings.title'));
  if (!mayManage) return <EmptyState message={t('shell.noAccess')} />;
  return <AgentSettingsScreen />;
}
