import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/ui/states';
import { Hold } from '@/features/hold';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useAgentStore } from '@/stores/agent-store';

export default function HoldRoute() {
  const { t } = useTranslation();
  const mayView = useAgentStore((s) => s.rights.includes('viewReports'));
  useDocumentTitle(t('hold.title'));
  if (!mayView) return <EmptyState message={t('shell.noAccess')} />;
  return <Hold />;
}
