import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/ui/states';
import { Integration } from '@/features/integration';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useAgentStore } from '@/stores/agent-store';

export default function IntegrationRoute() {
  const { t } = useTranslation();
  // The site's master agent alone: the server refuses anyone else (integration_master_only).
  const allowed = useAgentStore((s) => s.agent?.IdParent === null);
  useDocumentTitle(t('integration.title'));
  if (!allowed) return <EmptyState message={t('shell.noAccess')} />;
  return <Integration />;
}
