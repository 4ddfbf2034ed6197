import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/ui/states';
import { Live } from '@/features/live';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useAgentStore } from '@/stores/agent-store';

export default function LiveRoute() {
  const { t } = useTranslation();
  const mayView = useAgentStore((s) => s.rights.includes('viewReports'));
  useDocumentTitle(t('live.title'));
  if (!mayView) return <EmptyState message={t('shell.noAccess')} />;
  return <Live />;
}
