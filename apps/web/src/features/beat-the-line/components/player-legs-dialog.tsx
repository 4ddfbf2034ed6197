import type { BeatTheLinePlayer } from '@backline/contract/reports/beat-the-line';
import { useTranslation } from 'react-i18next';
import { Dialog } from '@/components/ui/dialog';
import { MoneyCell } from '@/components/ui/money-cell';
import { DialogQueryTable } from '@/components/ui/simple-table';
import { LegPriceCells } from '@/components/ui/leg-prices';
import { formatPercent } from '@/lib/format';
import { useBeatTheLineLegs, type BeatTheLineFilters } from '../api/get-beat-the-line';
import { Clv } from './clv';

const HEAD = {
  prefix: 'beatTheLine',
  columns: [
    'legs.event',
    'legs.selection',
    'legs.taken',
    'legs.closing',
    'legs.clv',
    'legs.beat',
    'columns.risk',
  ],
  classes: { 'legs.taken': 'num', 'legs.closing': 'num', 'legs.clv': 'num', 'columns.risk': 'num' },
};

interface PlayerLegsDialogProps {
  player: BeatTheLinePlayer;
  filters: BeatTheLineFilters;
  locale: string;
  onClose: () => void;
}

/** Every leg of one player in the period: price taken against the close, and whether it beat it. */
export function PlayerLegsDialog({ player, filters, locale, onClose }: PlayerLegsDialogProps) {
  const { t } = useTranslation();
  const query = useBeatTheLineLegs({ ...filters, beatersOnly: undefined }, player.IdPlayer);
  const title = t('beatTheLine.legs.title', { player: player.Player });
  return (
    <Dialog title={title} onClose={onClose}>
      <p className="legs-summary">
        {t('beatTheLine.legs.summary', {
          beat: player.Beat,
          legs: player.Legs,
          rate: formatPercent(player.BeatRate, locale),
        })}
      </p>
      <DialogQueryTable
        query={query}
        texts="beatTheLine.legs"
        isEmpty={(data) => data.Legs.length === 0}
        label={title}
        head={HEAD}
      >
        {(data) =>
          data.Legs.map((leg, i) => (
            <tr key={`${leg.IdWager}|${i}`}>
              <td className="description">
                {leg.Event}
                <span className="cell-sub">
                  {t(`sports.${leg.Sport}`)} · {t(`markets.${leg.Market}`, leg.Market)} ·{' '}
                  {leg.Ticket}
                </span>
              </td>
              <td className="description">{leg.Selection}</td>
              <LegPriceCells leg={leg} locale={locale} />
              <td className="num nowrap">
                {leg.ClvPoints !== null ? (
                  <>
                    <Clv value={leg.ClvPoints} digits={2} locale={locale} />{' '}
                    {t('beatTheLine.legs.points')}
                  </>
                ) : (
                  <>
                    <Clv value={leg.ClvCents} digits={1} locale={locale} />{' '}
                    {t('beatTheLine.legs.cents')}
                  </>
                )}
              </td>
              <td className="nowrap">
                <span className={leg.Beat ? 'beat beat--yes' : 'beat beat--no'}>
                  <span aria-hidden="true">{leg.Beat ? '✓' : '✗'}</span>{' '}
                  {leg.Beat ? t('beatTheLine.legs.beatYes') : t('beatTheLine.legs.beatNo')}
                </span>
              </td>
              <MoneyCell minor={leg.Risk} currency={player.Currency} locale={locale} neutral />
            </tr>
          ))
        }
      </DialogQueryTable>
    </Dialog>
  );
}
