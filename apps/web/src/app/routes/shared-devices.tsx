import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/ui/states';
import { SharedDevices } from '@/features/shared-devices';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useAgentStore } from '@/stores/agent-store';

export default function SharedDevicesRoute() {
  const { t } = useTranslation();
  const mayView = useAgentStore((s) => s.rights.includes('viewReports'));
  useDocumentTitle(t('sharedDevices.title'));
  if (!mayView) return <EmptyState message={t('shell.noAccess')} />;
  return <SharedDevices />;
}
