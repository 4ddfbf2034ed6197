import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/ui/states';
import { DeleteWager } from '@/features/wagers';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useAgentStore } from '@/stores/agent-store';

export default function DeleteWagerRoute() {
  const { t } = useTranslation();
  const rights = useAgentStore((s) => s.rights);
  useDocumentTitle(t('wagers.delete.title'));
  if (!rights.includes('viewReports') || !rights.includes('deleteWagers')) {
    return <EmptyState message={t('wagers.delete.noRight')} />;
  }
  return <DeleteWager />;
}
