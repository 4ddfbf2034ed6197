import { formatMoney } from '@backline/contract/core/money';
import type { WatchedPlayer } from '@backline/contract/calls/watch-list';
import { useTranslation } from 'react-i18next';
import { DateTime } from '@/components/ui/date-time';
import { Money } from '@/components/ui/money-cell';
import { PlayerLink } from '@/components/ui/player-link';
import { ReportPage } from '@/components/ui/report-page';
import { TableHead } from '@/components/ui/simple-table';
import { useScopedAgent } from '@/lib/agent-scope';
import { formatDayRange, useLocale } from '@/lib/format';
import { useSiteTimeZone } from '@/lib/time-zone';
import { useWatchList } from '../api/get-watch-list';
import './watch.css';

/** The players an agent keeps an eye on: today, this week, what is at risk, the latest wagers. */
export function Watch() {
  const { t } = useTranslation();
  const locale = useLocale();
  const idAgent = useScopedAgent(undefined);
  const query = useWatchList(idAgent);
  const list = query.data;
  return (
    <ReportPage
      screen="watch"
      query={query}
      isEmpty={(r) => r.TotalRows === 0}
      period={
        list && t('watch.weekNote', { week: formatDayRange(list.StartDate, list.EndDate, locale) })
      }
      count={
        list &&
        (list.TotalRows > list.Rows.length
          ? t('watch.countOf', { count: list.Rows.length, total: list.TotalRows })
          : t('watch.count', { count: list.TotalRows }))
      }
    >
      {(r) => (
        <ul className="watch-list">
          {r.Rows.map((p) => (
            <WatchCard key={p.IdPlayer} player={p} />
          ))}
        </ul>
      )}
    </ReportPage>
  );
}

function WatchCard({ player: p }: { player: WatchedPlayer }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const timeZone = useSiteTimeZone();
  const figures = [
    ['Today', p.Today, false],
    ['ThisWeek', p.ThisWeek, false],
    ['Balance', p.Balance, false],
    ['AtRisk', p.AtRisk, true],
    ['Available', p.Available, false],
  ] as const;
  return (
    <li className="watch-card card">
      <div className="watch-card__who">
        <PlayerLink idPlayer={p.IdPlayer} login={p.Player} name={p.Name} to="page" />
        <span className="watch-card__agent">
          {t('player.underAgent', { agent: p.Agent })}
          {p.Status !== 'active' && <> · {t(`players.statuses.${p.Status}`)}</>}
        </span>
      </div>
      <dl className="watch-card__figures">
        {figures.map(([key, minor, neutral]) => (
          <div key={key}>
            <dt>{t(`watch.figures.${key}`)}</dt>
            <dd>
              <Money minor={minor} currency={p.Currency} locale={locale} neutral={neutral} />
            </dd>
          </div>
        ))}
        <div>
          <dt>{t('watch.figures.OpenWagers')}</dt>
          <dd>{p.OpenWagers}</dd>
        </div>
      </dl>
      {p.LastWagers.length === 0 ? (
        <p className="watch-card__none">{t('watch.noWagers')}</p>
      ) : (
        <table className="watch-card__wagers">
          <caption className="visually-hidden">
            {t('watch.lastWagers', { player: p.Player })}
          </caption>
          <TableHead
            prefix="watch.columns"
            columns={['placed', 'wager', 'risk', 'result']}
            classes={{ risk: 'num' }}
          />
          <tbody>
            {p.LastWagers.map((w) => (
              <tr key={w.IdWager}>
                <td>
                  <DateTime instant={w.PlacedAt} locale={locale} timeZone={timeZone} />
                </td>
                <td>
                  <span className="watch-card__ticket">{w.Ticket}</span>{' '}
                  {t(`wagerTypes.${w.WagerType}`)} · {t(`sports.${w.Sport}`)}
                  {w.FreePlay && <> · {t('watch.freePlay')}</>}
                  <span className="watch-card__description">{w.Description}</span>
                </td>
                <td className="num">{formatMoney(w.Risk, p.Currency, locale)}</td>
                <td>
                  {w.Status === 'deleted' ? (
                    t('watch.deleted')
                  ) : w.Result === 'open' ? (
                    t('watch.open')
                  ) : (
                    <>
                      {t(`betResults.${w.Result}`)}{' '}
                      <Money minor={w.Amount} currency={p.Currency} locale={locale} />
                    </>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </li>
  );
}
