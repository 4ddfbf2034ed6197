import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/ui/states';
import { Players } from '@/features/players';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useAgentStore } from '@/stores/agent-store';

export default function PlayersRoute() {
  const { t } = useTranslation();
  const mayView = useAgentStore((s) => s.rights.includes('viewReports'));
  useDocumentTitle(t('players.title'));
  if (!mayView) return <EmptyState message={t('shell.noAccess')} />;
  return <Players />;
}
