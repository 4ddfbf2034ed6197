import type { Notification } from '@backline/contract/calls/notifications';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryList } from '@/components/ui/query-list';
import { Tabs } from '@/components/ui/tabs';
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
      <Tabs
        label={t('notifications.title')}
        idBase={baseId}
        panelId={`${baseId}-panel`}
        tabs={TABS.map((key) => ({ key, label: t(`notifications.tab.${key}`) }))}
        value={tab}
        onChange={setTab}
        className="notifications__tabs"
      />
      <div id={`${baseId}-panel`} role="tabpanel" aria-labelledby={`${baseId}-${tab}`}>
        <QueryList
          query={list}
          items={(data) => data.Notifications}
          loading={t('notifications.loading')}
          empty={t(`notifications.empty.${tab}`)}
          className="notifications__list"
        >
          {(n) => (
            <NotificationItem
              key={n.IdNotification}
              notification={n}
              busy={mark.isPending}
              onMark={tab === 'unseen' ? () => markOne(n.IdNotification) : undefined}
            />
          )}
        </QueryList>
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
