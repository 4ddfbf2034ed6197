// Live sessions as cards (they fit a 390 px frame): the device, where from, how it signed in, when it
// started, was last used and will end; this one marked; an End button where the reader may end it.
import type { SessionRow } from '@backline/contract/calls/sessions';
import { useTranslation } from 'react-i18next';
import { DateTime } from '@/components/ui/date-time';
import { Term } from '@/components/ui/term';
import { useLocale } from '@/lib/format';
import { useSiteTimeZone } from '@/lib/time-zone';
import './sessions.css';

interface SessionListProps {
  sessions: readonly SessionRow[];
  /** Shown on each card when given; `pending` is the session being ended. */
  onEnd?: (session: SessionRow) => void;
  pending?: number | null;
  label: string;
}

export function SessionList({ sessions, onEnd, pending = null, label }: SessionListProps) {
  const { t } = useTranslation();
  return (
    <ul className="session-list stack-list" aria-label={label}>
      {sessions.map((s) => (
        <li key={s.IdSession} className="session card" aria-current={s.This || undefined}>
          <div className="session__head">
            <strong className="session__device">{s.Device ?? t('sessions.unknownDevice')}</strong>
            {s.This && <span className="session__this">{t('sessions.thisOne')}</span>}
          </div>
          <SessionFacts session={s} />
          {onEnd && (
            <button
              type="button"
              className="button button--danger session__end"
              disabled={pending !== null}
              onClick={() => onEnd(s)}
              aria-label={t('sessions.endOneLabel', {
                device: s.Device ?? t('sessions.unknownDevice'),
                ip: s.Ip ?? '—',
              })}
            >
              {pending === s.IdSession
                ? t('sessions.ending')
                : s.This
                  ? t('sessions.endThis')
                  : t('sessions.end')}
            </button>
          )}
        </li>
      ))}
    </ul>
  );
}

function SessionFacts({ session: s }: { session: SessionRow }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const timeZone = useSiteTimeZone();
  const when = (instant: string) => (
    <DateTime instant={instant} locale={locale} timeZone={timeZone} />
  );
  return (
    <dl className="session__facts">
      <Term label={t('sessions.where')}>
        {[s.Ip ?? '—', s.Country].filter(Boolean).join(' · ')}
      </Term>
      <Term label={t('sessions.method')}>
        {s.Method ? t(`sessions.methods.${s.Method}`, { defaultValue: s.Method }) : '—'}
      </Term>
      <Term label={t('sessions.started')}>{when(s.StartedAt)}</Term>
      <Term label={t('sessions.lastSeen')}>{when(s.LastSeenAt)}</Term>
      <Term label={t('sessions.expires')}>{when(s.ExpiresAt)}</Term>
    </dl>
  );
}
