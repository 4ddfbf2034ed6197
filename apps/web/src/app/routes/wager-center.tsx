import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/ui/states';
import { WagerCenter } from '@/features/wagers';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useAgentStore } from '@/stores/agent-store';

export default function WagerCenterRoute() {
  const { t } = useTranslation();
  const mayView = useAgentStore((s) => s.rights.includes('viewReports'));
  useDocumentTitle(t('wagers.title'));
  if (!mayView) return <EmptyState message={t('shell.noAccess')} />;
  return <WagerCenter />;
}
