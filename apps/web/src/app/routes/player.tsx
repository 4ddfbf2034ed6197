import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/ui/states';
import { PlayerPage } from '@/features/player-page';
import { useAgentStore } from '@/stores/agent-store';

export default function PlayerRoute() {
  const { t } = useTranslation();
  const mayView = useAgentStore((s) => s.rights.includes('viewReports'));
  if (!mayView) return <EmptyState message={t('shell.noAccess')} />;
  return <PlayerPage />;
}
