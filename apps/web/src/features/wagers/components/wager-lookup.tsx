import { Period } from '@backline/contract/core/enums';
import { computePeriod } from '@backline/contract/core/periods';
import { useDeferredValue, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DateTime } from '@/components/ui/date-time';
import { Money } from '@/components/ui/money-cell';
import { EmptyState, ErrorState } from '@/components/ui/states';
import { TableSkeleton } from '@/components/ui/table-skeleton';
import { paths } from '@/config/paths';
import { useErrorMessage } from '@/lib/errors';
import { useAgentStore } from '@/stores/agent-store';
import { useGradedBets } from '../api/get-graded-bets-report';
import { useOpenBets } from '../api/get-open-bets';
import { matchesLookup } from '../utils/lookup';
import { PlayerFilter } from './player-filter';
import { WagerState } from './wager-state';

const LOOKUP_PAGE = 100;

/** Browses the latest open bets or this month's graded bets for a wager to delete. */
export function WagerLookup({ locale }: { locale: string }) {
  const { t } = useTranslation();
  const id = useId();
  const errorMessage = useErrorMessage();
  const timeZone = useAgentStore((s) => s.site?.TimeZone ?? 'UTC');
  const [source, setSource] = useState<'open' | 'graded'>('open');
  const [player, setPlayer] = useState<{ id: number; login: string } | undefined>();
  const [text, setText] = useState('');
  const needle = useDeferredValue(text);
  const month = useMemo(() => computePeriod(Period.ThisMonth, new Date(), timeZone), [timeZone]);
  const base = {
    idPlayer: player?.id,
    page: 1,
    pageSize: LOOKUP_PAGE,
    sort: 'placedAt' as const,
    dir: 'desc' as const,
  };
  const open = useOpenBets(base, source === 'open');
  const graded = useGradedBets(
    { ...base, startDate: month.StartDate, endDate: month.EndDate },
    source === 'graded',
  );
  const query = source === 'open' ? open : graded;
  const rows = useMemo(
    () => (query.data?.Rows ?? []).filter((w) => matchesLookup(w, needle)),
    [query.data, needle],
  );
  const typedId = /^\d+$/.test(text.trim()) ? Number(text.trim()) : null;

  return (
    <section className="panel" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="panel__title">
        {t('wagers.lookup.browseTitle')}
      </h2>
      <div className="filters filters--wide">
        <div className="field">
          <label htmlFor={`${id}-source`}>{t('wagers.lookup.source')}</label>
          <select
            id={`${id}-source`}
            value={source}
            onChange={(e) => setSource(e.target.value === 'graded' ? 'graded' : 'open')}
          >
            <option value="open">{t('wagers.lookup.open')}</option>
            <option value="graded">{t('wagers.lookup.graded')}</option>
          </select>
        </div>
        <PlayerFilter idPlayer={player?.id} login={player?.login} onChange={setPlayer} />
        <div className="field">
          <label htmlFor={`${id}-text`}>{t('wagers.lookup.search')}</label>
          <input
            id={`${id}-text`}
            type="search"
            value={text}
            autoComplete="off"
            spellCheck={false}
            onChange={(e) => setText(e.target.value)}
          />
        </div>
      </div>
      {typedId !== null && (
        <p className="lookup__direct">
          <Link to={`${paths.deleteWager}?idWager=${typedId}`}>
            {t('wagers.lookup.byId', { id: typedId })}
          </Link>
        </p>
      )}
      <div className="report__body">
        {query.isPending ? (
          <TableSkeleton label={t('wagers.loading')} />
        ) : query.isError ? (
          <ErrorState message={errorMessage(query.error)} onRetry={() => void query.refetch()} />
        ) : rows.length === 0 ? (
          <EmptyState message={t('wagers.lookup.none')} />
        ) : (
          <div
            className="table-scroll"
            role="region"
            aria-label={t('wagers.lookup.browseTitle')}
            tabIndex={0}
          >
            <table className="report-table report-table--tight wagers-table">
              <thead>
                <tr>
                  <th scope="col" className="col-player">
                    {t('wagers.columns.ticket')}
                  </th>
                  <th scope="col">{t('wagers.columns.player')}</th>
                  <th scope="col">{t('wagers.columns.placedAt')}</th>
                  <th scope="col">{t('wagers.columns.description')}</th>
                  <th scope="col" className="num col-key">
                    {t('wagers.columns.risk')}
                  </th>
                  <th scope="col">{t('wagers.columns.result')}</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((w) => (
                  <tr key={w.IdWager}>
                    <th scope="row" className="col-player">
                      <Link
                        className="ticket"
                        to={`${paths.deleteWager}?idWager=${w.IdWager}`}
                        aria-label={t('wagers.lookup.choose', { ticket: w.Ticket })}
                      >
                        {w.Ticket}
                      </Link>
                    </th>
                    <td>
                      <span className="player__login">{w.Player}</span>
                      <span className="player__name">{w.Name}</span>
                    </td>
                    <td className="when">
                      <DateTime instant={w.PlacedAt} locale={locale} timeZone={timeZone} />
                    </td>
                    <td className="wagers-table__description">{w.Description}</td>
                    <td className="num neutral col-key">
                      <Money minor={w.Risk} currency={w.Currency} locale={locale} />
                    </td>
                    <td>
                      <WagerState wager={w} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </div>
      {query.data && query.data.TotalRows > LOOKUP_PAGE && (
        <p className="field__hint">
          {t('wagers.lookup.latest', { count: LOOKUP_PAGE, total: query.data.TotalRows })}
        </p>
      )}
    </section>
  );
}
