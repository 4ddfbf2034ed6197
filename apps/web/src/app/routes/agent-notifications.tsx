import { useTranslation } from 'react-i18next';
import { AgentNotifications } from '@/features/notifications';
import { useDocumentTitle } from '@/lib/use-document-title';

export default function AgentNotificationsRoute() {
  const { t } = useTranslation();
  useDocumentTitle(t('notifications.title'));
  return <AgentNotifications />;
}
