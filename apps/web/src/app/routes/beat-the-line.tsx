import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/ui/states';
import { BeatTheLine } from '@/features/beat-the-line';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useAgentStore } from '@/stores/agent-store';

export default function BeatTheLineRoute() {
  const { t } = useTranslation();
  const mayView = useAgentStore((s) => s.rights.includes('viewReports'));
  useDocumentTitle(t('beatTheLine.title'));
  if (!mayView) return <EmptyState message={t('shell.noAccess')} />;
  return <BeatTheLine />;
}
