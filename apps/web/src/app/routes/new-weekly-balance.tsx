import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/ui/states';
import { NewWeeklyBalance } from '@/features/new-weekly-balance';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useAgentStore } from '@/stores/agent-store';

export default function NewWeeklyBalanceRoute() {
  const { t } = useTranslation();
  const mayView = useAgentStore((s) => s.rights.includes('viewReports'));
  useDocumentTitle(t('newWeeklyBalance.title'));
  if (!mayView) return <EmptyState message={t('shell.noAccess')} />;
  return <NewWeeklyBalance />;
}
