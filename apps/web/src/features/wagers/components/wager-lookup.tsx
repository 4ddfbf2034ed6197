import { Period } from '@backline/contract/core/enums';
import { computePeriod } from '@backline/contract/core/periods';
import { useDeferredValue, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DateTime } from '@/components/ui/date-time';
import { Money } from '@/components/ui/money-cell';
import { SimpleTable, TableScroll } from '@/components/ui/simple-table';
import { EmptyState, ErrorState } from '@/components/ui/states';
import { TableSkeleton } from '@/components/ui/table-skeleton';
import { SearchBox, SelectField } from '@/components/ui/text-field';
import { paths } from '@/config/paths';
import { useErrorMessage } from '@/lib/errors';
import { useAgentStore } from '@/stores/agent-store';
import { useGradedBets } from '../api/get-graded-bets-report';
import { useOpenBets } from '../api/get-open-bets';
import { matchesLookup } from '../utils/lookup';
import { PlayerFilter } from './player-filter';
import { WagerState } from './wager-state';

const LOOKUP_PAGE = 100;
const HEAD = {
  prefix: 'wagers.columns',
  columns: ['ticket', 'player', 'placedAt', 'description', 'risk', 'result'],
  classes: { ticket: 'col-player', risk: 'num col-key' },
};

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
    <section className="panel card" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="panel__title">
        {t('wagers.lookup.browseTitle')}
      </h2>
      <div className="filters card filters--wide">
        <SelectField
          label={t('wagers.lookup.source')}
          value={source}
          onChange={(e) => setSource(e.target.value === 'graded' ? 'graded' : 'open')}
        >
          <option value="open">{t('wagers.lookup.open')}</option>
          <option value="graded">{t('wagers.lookup.graded')}</option>
        </SelectField>
        <PlayerFilter idPlayer={player?.id} login={player?.login} onChange={setPlayer} />
        <SearchBox label={t('wagers.lookup.search')} value={text} onText={setText} />
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
          <TableScroll label={t('wagers.lookup.browseTitle')}>
            <SimpleTable className="report-table report-table--tight wagers-table" head={HEAD}>
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
            </SimpleTable>
          </TableScroll>
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
