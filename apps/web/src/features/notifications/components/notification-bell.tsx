import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { useNotificationStream } from '../api/notification-stream';
import { useUnseenStore } from '../api/unseen-count';
import './notification-bell.css';

/** The header bell: keeps the stream open while mounted and links to AgentNotifications. */
export function NotificationBell() {
  const { t } = useTranslation();
  useNotificationStream();
  // Until the stream has said how many, the bell claims no count rather than a made-up 0.
  const known = useUnseenStore((s) => s.unseen);
  const unseen = known ?? 0;
  return (
    <Link
      to={paths.agentNotifications}
      className="notification-bell"
      aria-label={
        known === null ? t('notifications.title') : t('notifications.bellLabel', { count: known })
      }
    >
      <svg aria-hidden="true" viewBox="0 0 24 24" width="20" height="20">
        <path
          fill="currentColor"
          d="M12 22a2.5 2.5 0 0 0 2.45-2h-4.9A2.5 2.5 0 0 0 12 22Zm7-6V11a7 7 0 0 0-5.5-6.84V3.5a1.5 1.5 0 0 0-3 0v.66A7 7 0 0 0 5 11v5l-2 2v1h18v-1l-2-2Z"
        />
      </svg>
      {unseen > 0 && (
        <span className="notification-bell__badge" aria-hidden="true">
          {unseen > 99 ? '99+' : unseen}
        </span>
      )}
    </Link>
  );
}
