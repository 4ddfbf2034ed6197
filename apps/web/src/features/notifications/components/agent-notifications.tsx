import type { Notification } from '@backline/contract/calls/notifications';
import { useId, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState, ErrorState } from '@/components/ui/states';
import { TableSkeleton } from '@/components/ui/table-skeleton';
import { useErrorMessage } from '@/lib/errors';
import { formatDateTime, useLocale } from '@/lib/format';
import { useAgentStore } from '@/stores/agent-store';
import { toast } from '@/stores/toast-store';
import { useNotifications, type NotificationTab } from '../api/get-notifications';
import { useMarkNotifications } from '../api/mark-notifications';
import './agent-notifications.css';

const TABS: NotificationTab[] = ['unseen', 'seen'];

export function AgentNotifications() {
  const { t } = useTranslation();
  const baseId = useId();
  const [tab, setTab] = useState<NotificationTab>('unseen');
  const list = useNotifications(tab);
  const mark = useMarkNotifications();
  const errorMessage = useErrorMessage();
  const unseenCount = tab === 'unseen' ? (list.data?.Notifications.length ?? 0) : 0;

  const markOne = (id: number | null) =>
    mark.mutate(id, { onError: (error) => toast.error(errorMessage(error)) });

  // Arrow keys move between tabs, as a tablist should.
  const onTabKey = (event: KeyboardEvent) => {
    if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return;
    const next: NotificationTab = tab === 'unseen' ? 'seen' : 'unseen';
    setTab(next);
    document.getElementById(`${baseId}-${next}`)?.focus();
  };

  return (
    <section className="report notifications" aria-labelledby={`${baseId}-title`}>
      <header className="notifications__head">
        <h1 id={`${baseId}-title`}>{t('notifications.title')}</h1>
        {tab === 'unseen' && unseenCount > 0 && (
          <button
            type="button"
            className="button button--primary"
            disabled={mark.isPending}
            onClick={() => markOne(null)}
          >
            {t('notifications.markAll')}
          </button>
        )}
      </header>
      <div role="tablist" className="notifications__tabs" aria-label={t('notifications.title')}>
        {TABS.map((name) => (
          <button
            key={name}
            id={`${baseId}-${name}`}
            type="button"
            role="tab"
            aria-selected={tab === name}
            aria-controls={`${baseId}-panel`}
            tabIndex={tab === name ? 0 : -1}
            onClick={() => setTab(name)}
            onKeyDown={onTabKey}
          >
            {t(`notifications.tab.${name}`)}
          </button>
        ))}
      </div>
      <div id={`${baseId}-panel`} role="tabpanel" aria-labelledby={`${baseId}-${tab}`}>
        {list.isPending ? (
          <TableSkeleton label={t('notifications.loading')} />
        ) : list.isError ? (
          <ErrorState message={errorMessage(list.error)} onRetry={() => void list.refetch()} />
        ) : list.data.Notifications.length === 0 ? (
          <EmptyState message={t(`notifications.empty.${tab}`)} />
        ) : (
          <ul className="notifications__list">
            {list.data.Notifications.map((n) => (
              <NotificationItem
                key={n.IdNotification}
                notification={n}
                busy={mark.isPending}
                onMark={tab === 'unseen' ? () => markOne(n.IdNotification) : undefined}
              />
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}

interface NotificationItemProps {
  notification: Notification;
  busy: boolean;
  onMark?: () => void;
}

function NotificationItem({ notification: n, busy, onMark }: NotificationItemProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  const timeZone = useAgentStore((s) => s.site?.TimeZone ?? 'UTC');
  return (
    <li className="notification">
      <div className="notification__text">
        <h2>{n.Title}</h2>
        <p>{n.Body}</p>
        <p className="notification__meta">
          {t('notifications.from', { from: n.From ?? t('notifications.platform') })} ·{' '}
          <time dateTime={n.CreatedAt}>{formatDateTime(n.CreatedAt, locale, timeZone)}</time>
        </p>
      </div>
      {onMark && (
        <button type="button" className="button" disabled={busy} onClick={onMark}>
          {t('notifications.markOne')}
          <span className="visually-hidden">: {n.Title}</span>
        </button>
      )}
    </li>
  );
}
