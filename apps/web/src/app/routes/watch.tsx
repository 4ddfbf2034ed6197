import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/ui/states';
import { Watch } from '@/features/watch';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useAgentStore } from '@/stores/agent-store';

export default function WatchRoute() {
  const { t } = useTranslation();
  const mayView = useAgentStore((s) => s.rights.includes('viewReports'));
  useDocumentTitle(t('watch.title'));
  if (!mayView) return <EmptyState message={t('shell.noAccess')} />;
  return <Watch />;
}
