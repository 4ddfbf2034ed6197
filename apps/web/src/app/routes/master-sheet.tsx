import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/ui/states';
import { MasterSheet } from '@/features/master-sheet';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useAgentStore } from '@/stores/agent-store';

export default function MasterSheetRoute() {
  const { t } = useTranslation();
  const mayView = useAgentStore((s) => s.rights.includes('viewReports'));
  useDocumentTitle(t('masterSheet.title'));
  if (!mayView) return <EmptyState message={t('shell.noAccess')} />;
  return <MasterSheet />;
}
