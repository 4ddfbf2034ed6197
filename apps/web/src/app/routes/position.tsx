import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/ui/states';
import { Position } from '@/features/position';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useAgentStore } from '@/stores/agent-store';

export default function PositionRoute() {
  const { t } = useTranslation();
  const mayView = useAgentStore((s) => s.rights.includes('viewReports'));
  useDocumentTitle(t('position.title'));
  if (!mayView) return <EmptyState message={t('shell.noAccess')} />;
  return <Position />;
}
