import type { PlayerAccount } from '@backline/contract/calls/player-account';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { DateTime } from '@/components/ui/date-time';
import { QueryState } from '@/components/ui/query-state';
import { ErrorAlert } from '@/components/ui/states';
import { TextAreaField } from '@/components/ui/text-field';
import { useLocale } from '@/lib/format';
import { useSiteTimeZone } from '@/lib/time-zone';
import { useAgentStore } from '@/stores/agent-store';
import { toast } from '@/stores/toast-store';
import { usePlayerMessages, useSendPlayerMessage } from '../api/player-page';
import { ListPager } from './form-parts';

/**
 * An online message for the player, which the platform shows them (delivered by webhook), and the
 * messages sent before with what became of each delivery.
 */
export function MessagesTab({ player }: { player: PlayerAccount }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const timeZone = useSiteTimeZone();
  const maySend = useAgentStore((s) => s.rights.includes('messagePlayers'));
  const [page, setPage] = useState(1);
  const query = usePlayerMessages(player.IdPlayer, page);
  const [body, setBody] = useState('');
  // One key per message written: a retry or a double click sends it once.
  const [key, setKey] = useState(() => crypto.randomUUID());
  const [tried, setTried] = useState(false);
  const send = useSendPlayerMessage();
  const empty = body.trim() === '';
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setTried(true);
    if (empty || send.isPending) return;
    send.mutate(
      { idPlayer: player.IdPlayer, body, idempotencyKey: key },
      {
        onSuccess: () => {
          toast.success(t('player.messages.sent', { player: player.Player }));
          setBody('');
          setTried(false);
          setKey(crypto.randomUUID());
          setPage(1);
        },
      },
    );
  };
  return (
    <div className="player-messages">
      {maySend && (
        <form className="player-form" onSubmit={submit} noValidate>
          <TextAreaField
            label={t('player.messages.body', { player: player.Player })}
            hint={t('player.messages.hint')}
            value={body}
            maxLength={1000}
            required
            error={tried && empty ? t('player.messages.bodyRequired') : undefined}
            onChange={(e) => setBody(e.target.value)}
          />
          <ErrorAlert error={send.error} />
          <button type="submit" className="button button--primary" disabled={send.isPending}>
            {t('player.messages.send')}
          </button>
        </form>
      )}
      <h2 className="player-page__subtitle">{t('player.messages.sentTitle')}</h2>
      <QueryState
        query={query}
        pending="line"
        loading={t('player.messages.loading')}
        empty={t('player.messages.empty')}
        isEmpty={(r) => r.TotalRows === 0}
      >
        {(r) => (
          <>
            <ul className="stack-list player-messages__list">
              {r.Rows.map((m) => (
                <li key={m.IdMessage} className="player-messages__item">
                  <p className="player-messages__body">{m.Body}</p>
                  <p className="player-messages__meta">
                    <DateTime instant={m.SentAt} locale={locale} timeZone={timeZone} /> · {m.SentBy}{' '}
                    · {t(`player.messages.delivery.${m.Delivery}`)}
                  </p>
                </li>
              ))}
            </ul>
            <ListPager page={page} list={r} locale={locale} onPage={setPage} />
          </>
        )}
      </QueryState>
    </div>
  );
}
