import type { BeatTheLinePlayer, BeatTheLineScoring } from '@backline/contract/endpoints/wagers';
import { useMemo, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { MoneyCell } from '@/components/ui/money-cell';
import { ConversionNote } from '@/components/currency/conversion-note';
import { useMoneyRanking } from '@/components/currency/money-ranking';
import { SortHeader } from '@/components/ui/sort-header';
import { formatCount, formatPercent } from '@/lib/format';
import { beatTotals, isSharp, sortPlayers, type PlayerSort } from '../utils/players';
import { Clv } from './clv';

interface PlayersTableProps {
  rows: readonly BeatTheLinePlayer[];
  scoring: BeatTheLineScoring;
  sort: PlayerSort;
  dir: 'asc' | 'desc';
  onSort: (key: PlayerSort) => void;
  onOpen: (player: BeatTheLinePlayer) => void;
  locale: string;
  caption: string;
}

export function PlayersTable(props: PlayersTableProps) {
  const { rows, scoring, sort, dir, onSort, onOpen, locale, caption } = props;
  const { t } = useTranslation();
  const ranking = useMoneyRanking();
  const sorted = useMemo(
    () => sortPlayers(rows, sort, dir, locale, ranking.value),
    [rows, sort, dir, locale, ranking],
  );
  const rankedIn = sort === 'risk' ? ranking.conversion(rows.map((r) => r.Currency)) : null;
  const totals = useMemo(() => beatTotals(rows), [rows]);
  const header = {
    sortedBy: sort,
    direction: dir === 'asc' ? ('ascending' as const) : ('descending' as const),
    onSort,
  };
  return (
    <>
      <ConversionNote conversion={rankedIn} kind="ranked" />
      <div className="table-scroll" role="region" aria-label={caption} tabIndex={0}>
        <table className="report-table btl-table">
          <caption className="visually-hidden">{caption}</caption>
          <thead>
            <tr>
              <SortHeader
                {...header}
                sortKey="player"
                label={t('beatTheLine.columns.player')}
                className="col-player"
              />
              <SortHeader
                {...header}
                sortKey="legs"
                label={t('beatTheLine.columns.legs')}
                className="num"
              />
              <th scope="col" className="num">
                {t('beatTheLine.columns.beat')}
              </th>
              <SortHeader
                {...header}
                sortKey="beatRate"
                label={t('beatTheLine.columns.beatRate')}
                className="num"
              />
              <SortHeader
                {...header}
                sortKey="clvPoints"
                label={t('beatTheLine.columns.clvPoints')}
                className="num"
              />
              <SortHeader
                {...header}
                sortKey="clvCents"
                label={t('beatTheLine.columns.clvCents')}
                className="num"
              />
              <SortHeader
                {...header}
                sortKey="risk"
                label={t('beatTheLine.columns.risk')}
                className="num"
              />
              <SortHeader
                {...header}
                sortKey="score"
                label={t('beatTheLine.columns.score')}
                className="num col-key"
              />
            </tr>
          </thead>
          <tbody>
            {sorted.map((p) => {
              const sharp = isSharp(p, scoring);
              return (
                <tr key={`${p.IdPlayer}|${p.Currency}`} className={sharp ? 'is-sharp' : undefined}>
                  <th scope="row" className="col-player">
                    <button
                      type="button"
                      className="link-button player__login"
                      aria-haspopup="dialog"
                      aria-label={t('beatTheLine.openLegs', { player: p.Player })}
                      onClick={() => onOpen(p)}
                    >
                      {p.Player}
                    </button>
                    {sharp && <span className="tag tag--sharp">{t('beatTheLine.sharp')}</span>}
                    <span className="player__name">{p.Name}</span>
                  </th>
                  <td className="num">{formatCount(p.Legs, locale)}</td>
                  <td className="num">{formatCount(p.Beat, locale)}</td>
                  <td className="num">
                    <span className={`rate${sharp ? ' rate--sharp' : ''}`}>
                      {formatPercent(p.BeatRate, locale)}
                    </span>
                    <span className="rate-bar" aria-hidden="true">
                      <span style={{ width: `${Math.round(p.BeatRate * 100)}%` }} />
                    </span>
                  </td>
                  <td className="num">
                    <Clv value={p.AvgClvPoints} digits={2} locale={locale} />
                  </td>
                  <td className="num">
                    <Clv value={p.AvgClvCents} digits={1} locale={locale} />
                  </td>
                  <MoneyCell
                    minor={p.Risk}
                    currency={p.Currency}
                    locale={locale}
                    className="neutral"
                  />
                  <td className="num col-key">
                    <Clv value={p.Score} digits={1} locale={locale} />
                    <span className="btl-rank">
                      {p.Rank !== null
                        ? t('beatTheLine.rank', { rank: formatCount(p.Rank, locale) })
                        : t('beatTheLine.unranked', {
                            legs: formatCount(p.ScoreLegs, locale),
                            min: formatCount(scoring.MinLegs, locale),
                          })}
                    </span>
                  </td>
                </tr>
              );
            })}
          </tbody>
          <tfoot>
            {totals.map((total, i) => (
              <tr
                key={total.Currency}
                style={{ '--sticky-bottom': `${(totals.length - 1 - i) * 44}px` } as CSSProperties}
              >
                <th scope="row" className="col-player">
                  {t('beatTheLine.totals', {
                    currency: total.Currency,
                    players: formatCount(total.Players, locale),
                  })}
                </th>
                <td className="num">{formatCount(total.Legs, locale)}</td>
                <td className="num">{formatCount(total.Beat, locale)}</td>
                <td className="num">
                  {total.Legs ? formatPercent(total.Beat / total.Legs, locale) : '—'}
                </td>
                <td />
                <td />
                <MoneyCell
                  minor={total.Risk}
                  currency={total.Currency}
                  locale={locale}
                  className="neutral"
                />
                <td className="col-key" />
              </tr>
            ))}
          </tfoot>
        </table>
      </div>
    </>
  );
}
