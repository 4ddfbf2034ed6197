import type {
  BeatTheLinePlayer,
  BeatTheLineScoring,
} from '@backline/contract/reports/beat-the-line';
import { useTranslation } from 'react-i18next';
import type { DataColumn } from '@/components/ui/data-table';
import { figureColumn } from '@/components/ui/data-table';
import { formatCount, formatPercent } from '@/lib/format';
import { isSharp, sharpInPeriod, type beatTotals } from '../utils/players';
import { Clv } from './clv';

type Total = ReturnType<typeof beatTotals>[number];
type Column = DataColumn<BeatTheLinePlayer, Total>;

/** The players table's columns: who, legs, how often they beat the closing line, and by how much. */
export function usePlayerColumns(
  scoring: BeatTheLineScoring,
  onOpen: (player: BeatTheLinePlayer) => void,
  locale: string,
): Column[] {
  const { t } = useTranslation();
  const count = (value: number) => formatCount(value, locale);
  const figure = (id: string, sortable: boolean, cell: Column['cell']): Column => ({
    id,
    header: t(`beatTheLine.columns.${id}`),
    className: 'num',
    sortable,
    descFirst: true,
    cell,
  });
  return [
    {
      id: 'player',
      header: t('beatTheLine.columns.player'),
      sortable: true,
      cell: (p) => (
        <>
          <button
            type="button"
            className="link-button player__login"
            aria-haspopup="dialog"
            aria-label={t('beatTheLine.openLegs', { player: p.Player })}
            onClick={() => onOpen(p)}
          >
            {p.Player}
          </button>
          {isSharp(p) && <span className="tag tag--sharp">{t('beatTheLine.sharp')}</span>}
          <span className="player__name">{p.Name}</span>
        </>
      ),
      total: (total) =>
        t('beatTheLine.totals', { currency: total.Currency, players: count(total.Players) }),
    },
    { ...figure('legs', true, (p) => count(p.Legs)), total: (total) => count(total.Legs) },
    { ...figure('beat', false, (p) => count(p.Beat)), total: (total) => count(total.Beat) },
    {
      ...figure('beatRate', true, (p) => (
        <>
          <span className={`rate${sharpInPeriod(p, scoring) ? ' rate--sharp' : ''}`}>
            {formatPercent(p.BeatRate, locale)}
          </span>
          <span className="rate-bar" aria-hidden="true">
            <span style={{ width: `${Math.round(p.BeatRate * 100)}%` }} />
          </span>
        </>
      )),
      total: (total) => (total.Legs ? formatPercent(total.Beat / total.Legs, locale) : '—'),
    },
    figure('clvPoints', true, (p) => <Clv value={p.AvgClvPoints} digits={2} locale={locale} />),
    figure('clvCents', true, (p) => <Clv value={p.AvgClvCents} digits={1} locale={locale} />),
    figureColumn('Risk', 'risk', t('beatTheLine.columns.risk'), 'neutral'),
    {
      ...figure('score', true, (p) => (
        <>
          <Clv value={p.Score} digits={1} locale={locale} />
          <span className="btl-rank">
            {p.Rank !== null
              ? t('beatTheLine.rank', { rank: count(p.Rank) })
              : t('beatTheLine.unranked', {
                  legs: count(p.ScoreLegs),
                  min: count(scoring.MinLegs),
                  wagers: count(p.ScoreWagers),
                  minWagers: count(scoring.MinWagers),
                })}
          </span>
        </>
      )),
      className: 'num col-key',
    },
  ];
}
