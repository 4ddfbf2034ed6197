import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/ui/states';
import { PlayerStanding } from '@/features/player-standing';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useAgentStore } from '@/stores/agent-store';

export default function PlayerStandingRoute() {
  const { t } = useTranslation();
  const mayView = useAgentStore((s) => s.rights.includes('viewReports'));
  useDocumentTitle(t('playerStanding.title'));
  if (!mayView) return <EmptyState message={t('shell.noAccess')} />;
  return <PlayerStanding />;
}
