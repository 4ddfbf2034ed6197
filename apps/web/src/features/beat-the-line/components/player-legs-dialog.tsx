import type { BeatTheLinePlayer } from '@backline/contract/reports/beat-the-line';
import { useTranslation } from 'react-i18next';
import { Dialog } from '@/components/ui/dialog';
import { MoneyCell } from '@/components/ui/money-cell';
import { EmptyState, ErrorState } from '@/components/ui/states';
import { useErrorMessage } from '@/lib/errors';
import { formatPercent } from '@/lib/format';
import { useBeatTheLineLegs, type BeatTheLineFilters } from '../api/get-beat-the-line';
import { formatPrice } from '@/lib/odds';
import { Clv } from './clv';

interface PlayerLegsDialogProps {
  player: BeatTheLinePlayer;
  filters: BeatTheLineFilters;
  locale: string;
  onClose: () => void;
}

/** Every leg of one player in the period: price taken against the close, and whether it beat it. */
export function PlayerLegsDialog({ player, filters, locale, onClose }: PlayerLegsDialogProps) {
  const { t } = useTranslation();
  const errorMessage = useErrorMessage();
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
      {query.isPending ? (
        <p className="dialog__status" role="status">
          <span className="spinner" aria-hidden="true" />
          {t('beatTheLine.legs.loading')}
        </p>
      ) : query.isError ? (
        <ErrorState message={errorMessage(query.error)} onRetry={() => void query.refetch()} />
      ) : query.data.Legs.length === 0 ? (
        <EmptyState message={t('beatTheLine.legs.empty')} />
      ) : (
        <div
          className="table-scroll table-scroll--dialog"
          role="region"
          aria-label={title}
          tabIndex={0}
        >
          <table className="report-table report-table--compact">
            <thead>
              <tr>
                <th scope="col">{t('beatTheLine.legs.event')}</th>
                <th scope="col">{t('beatTheLine.legs.selection')}</th>
                <th scope="col" className="num">
                  {t('beatTheLine.legs.taken')}
                </th>
                <th scope="col" className="num">
                  {t('beatTheLine.legs.closing')}
                </th>
                <th scope="col" className="num">
                  {t('beatTheLine.legs.clv')}
                </th>
                <th scope="col">{t('beatTheLine.legs.beat')}</th>
                <th scope="col" className="num">
                  {t('beatTheLine.columns.risk')}
                </th>
              </tr>
            </thead>
            <tbody>
              {query.data.Legs.map((leg, i) => (
                <tr key={`${leg.IdWager}|${i}`}>
                  <td className="description">
                    {leg.Event}
                    <span className="cell-sub">
                      {t(`sports.${leg.Sport}`)} · {t(`markets.${leg.Market}`, leg.Market)} ·{' '}
                      {leg.Ticket}
                    </span>
                  </td>
                  <td className="description">{leg.Selection}</td>
                  <td className="num nowrap">
                    {formatPrice(leg.LineTaken, leg.OddsTaken, locale, leg.Market)}
                  </td>
                  <td className="num nowrap">
                    {formatPrice(leg.ClosingLine, leg.ClosingOdds, locale, leg.Market)}
                  </td>
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
                  <MoneyCell
                    minor={leg.Risk}
                    currency={player.Currency}
                    locale={locale}
                    className="neutral"
                  />
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Dialog>
  );
}
