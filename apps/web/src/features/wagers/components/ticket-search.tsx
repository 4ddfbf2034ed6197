import { TicketNumber } from '@backline/contract/reports/wagers';
import { formatMoney } from '@backline/contract/core/money';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { BusyStatus, EmptyState, ErrorState } from '@/components/ui/states';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { useErrorMessage } from '@/lib/errors';
import { formatDateTime } from '@/lib/format';
import { useAgentStore } from '@/stores/agent-store';
import { useFindWagerByTicket, type FoundWager } from '../api/find-wager-by-ticket';
import { WagerState } from './wager-state';

/** Finds one wager by its ticket number on the server: any date, open, graded or deleted. */
export function TicketSearch({ locale }: { locale: string }) {
  const { t } = useTranslation();
  const id = useId();
  const [text, setText] = useState('');
  const [invalid, setInvalid] = useState(false);
  const [ticket, setTicket] = useState<string | null>(null);
  const query = useFindWagerByTicket(ticket);
  const errorMessage = useErrorMessage();

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = TicketNumber.safeParse(text);
    setInvalid(!parsed.success);
    setTicket(parsed.success ? parsed.data : null);
  };

  return (
    <section className="panel card" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="panel__title">
        {t('wagers.ticketSearch.title')}
      </h2>
      <form className="ticket-search" role="search" noValidate onSubmit={submit}>
        <div className="field">
          <label htmlFor={`${id}-ticket`}>{t('wagers.ticketSearch.label')}</label>
          <input
            id={`${id}-ticket`}
            value={text}
            autoComplete="off"
            spellCheck={false}
            placeholder="W000008092"
            aria-invalid={invalid}
            aria-describedby={`${id}-hint`}
            onChange={(e) => setText(e.target.value)}
          />
          <p id={`${id}-hint`} className={invalid ? 'field__error' : 'field__hint'}>
            {invalid ? t('wagers.ticketSearch.invalid') : t('wagers.ticketSearch.hint')}
          </p>
        </div>
        <button type="submit" className="button button--primary">
          {t('wagers.ticketSearch.find')}
        </button>
      </form>
      {ticket !== null &&
        (query.isPending ? (
          <BusyStatus message={t('wagers.ticketSearch.searching', { ticket })} />
        ) : query.isError ? (
          query.error instanceof ApiError && query.error.status === 404 ? (
            <EmptyState message={t('wagers.ticketSearch.notFound', { ticket })} />
          ) : (
            <ErrorState message={errorMessage(query.error)} onRetry={() => void query.refetch()} />
          )
        ) : (
          <FoundTicket wager={query.data} locale={locale} />
        ))}
    </section>
  );
}

function FoundTicket({ wager: w, locale }: { wager: FoundWager; locale: string }) {
  const { t } = useTranslation();
  const timeZone = useAgentStore((s) => s.site?.TimeZone ?? 'UTC');
  const money = (minor: number) => formatMoney(minor, w.Currency, locale);
  const effect = w.Deleted
    ? t('wagers.delete.alreadyDeleted', { ticket: w.Ticket })
    : w.Result === 'open'
      ? t('wagers.ticketSearch.openEffect', { risk: money(w.Risk) })
      : t('wagers.ticketSearch.gradedEffect', {
          posted: money(w.Amount),
          restore: money(-w.Amount),
        });
  return (
    <article className="ticket-found" aria-label={t('wagers.detail.title', { ticket: w.Ticket })}>
      <p className="ticket-found__head">
        <span className="ticket">{w.Ticket}</span>
        <WagerState wager={w} />
      </p>
      <p>
        <span className="player__login">{w.Player}</span> <span className="cell-sub">{w.Name}</span>
        {' · '}
        {formatDateTime(w.PlacedAt, locale, timeZone)}
      </p>
      <p className="ticket-found__description">{w.Description}</p>
      <p className="field__hint">{effect}</p>
      {!w.Deleted && (
        <Link className="button" to={`${paths.deleteWager}?idWager=${w.IdWager}`}>
          {t('wagers.lookup.choose', { ticket: w.Ticket })}
        </Link>
      )}
    </article>
  );
}
