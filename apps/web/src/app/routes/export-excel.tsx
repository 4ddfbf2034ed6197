import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/ui/states';
import { ExportCenter } from '@/features/export-excel';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useAgentStore } from '@/stores/agent-store';

export default function ExportExcelRoute() {
  const { t } = useTranslation();
  const mayView = useAgentStore((s) => s.rights.includes('viewReports'));
  useDocumentTitle(t('exportExcel.title'));
  if (!mayView) return <EmptyState message={t('shell.noAccess')} />;
  return <ExportCenter />;
}
