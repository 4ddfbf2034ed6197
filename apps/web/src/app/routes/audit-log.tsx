import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/ui/states';
import { AuditLog } from '@/features/audit-log';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useAgentStore } from '@/stores/agent-store';

export default function AuditLogRoute() {
  const { t } = useTranslation();
  const mayView = useAgentStore((s) => s.rights.includes('viewReports'));
  useDocumentTitle(t('auditLog.title'));
  if (!mayView) return <EmptyState message={t('shell.noAccess')} />;
  return <AuditLog />;
}
