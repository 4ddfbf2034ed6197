import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/ui/states';
import { PlayerPayment } from '@/features/player-payment';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useAgentStore } from '@/stores/agent-store';

export default function PlayerPaymentRoute() {
  const { t } = useTranslation();
  const mayView = useAgentStore((s) => s.rights.includes('viewReports'));
  useDocumentTitle(t('playerPayment.title'));
  if (!mayView) return <EmptyState message={t('shell.noAccess')} />;
  return <PlayerPayment />;
}
