import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/ui/states';
import { CashFlow } from '@/features/cash-flow';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useAgentStore } from '@/stores/agent-store';

export default function CashFlowRoute() {
  const { t } = useTranslation();
  const mayView = useAgentStore((s) => s.rights.includes('viewReports'));
  useDocumentTitle(t('cashFlow.title'));
  if (!mayView) return <EmptyState message={t('shell.noAccess')} />;
  return <CashFlow />;
}
