import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/ui/states';
import { WeeklyBalance } from '@/features/weekly-balance';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useAgentStore } from '@/stores/agent-store';

export default function WeeklyBalanceRoute() {
  const { t } = useTranslation();
  const mayView = useAgentStore((s) => s.rights.includes('viewReports'));
  useDocumentTitle(t('weeklyBalance.title'));
  if (!mayView) return <EmptyState message={t('shell.noAccess')} />;
  return <WeeklyBalance />;
}
