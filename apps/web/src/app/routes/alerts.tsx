import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/ui/states';
import { Alerts } from '@/features/alerts';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useAgentStore } from '@/stores/agent-store';

export default function AlertsRoute() {
  const { t } = useTranslation();
  const mayView = useAgentStore((s) => s.rights.includes('viewReports'));
  useDocumentTitle(t('alerts.title'));
  if (!mayView) return <EmptyState message={t('shell.noAccess')} />;
  return <Alerts />;
}
