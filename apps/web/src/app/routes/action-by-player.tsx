import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/ui/states';
import { ActionByPlayer } from '@/features/action-by-player';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useAgentStore } from '@/stores/agent-store';

export default function ActionByPlayerRoute() {
  const { t } = useTranslation();
  const mayView = useAgentStore((s) => s.rights.includes('viewReports'));
  useDocumentTitle(t('actionByPlayer.title'));
  if (!mayView) return <EmptyState message={t('shell.noAccess')} />;
  return <ActionByPlayer />;
}
