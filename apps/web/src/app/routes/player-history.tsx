import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/ui/states';
import { PlayerHistory } from '@/features/player-history';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useAgentStore } from '@/stores/agent-store';

export default function PlayerHistoryRoute() {
  const { t } = useTranslation();
  const mayView = useAgentStore((s) => s.rights.includes('viewReports'));
  useDocumentTitle(t('playerHistory.title'));
  if (!mayView) return <EmptyState message={t('shell.noAccess')} />;
  return <PlayerHistory />;
}
