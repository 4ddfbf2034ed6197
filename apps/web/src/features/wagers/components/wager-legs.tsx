import type { WagerLeg } from '@backline/contract/reports/wagers';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@/lib/format';
import { formatPrice } from '@/lib/odds';
import { ResultBadge } from './result-badge';

interface WagerLegsProps {
  legs: readonly WagerLeg[];
  locale: string;
  timeZone: string;
  caption: string;
}

/** Each leg's price taken next to the closing price, so the line value reads across a row. */
export function WagerLegs({ legs, locale, timeZone, caption }: WagerLegsProps) {
  const { t } = useTranslation();
  return (
    <div
      className="table-scroll table-scroll--dialog"
      role="region"
      aria-label={caption}
      tabIndex={0}
    >
      <table className="report-table report-table--compact">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{t('wagers.legs.event')}</th>
            <th scope="col">{t('wagers.legs.market')}</th>
            <th scope="col">{t('wagers.legs.selection')}</th>
            <th scope="col" className="num">
              {t('wagers.legs.taken')}
            </th>
            <th scope="col" className="num">
              {t('wagers.legs.closing')}
            </th>
            <th scope="col">{t('wagers.legs.result')}</th>
          </tr>
        </thead>
        <tbody>
          {legs.map((leg) => (
            <tr key={leg.IdLeg}>
              <td className="description">
                {leg.Event}
                <span className="cell-sub">
                  {t(`sports.${leg.Sport}`)} · {formatDateTime(leg.StartsAt, locale, timeZone)}
                </span>
              </td>
              <td className="nowrap">{t(`markets.${leg.Market}`)}</td>
              <td className="description">{leg.Selection}</td>
              <td className="num nowrap price">
                {formatPrice(leg.LineTaken, leg.OddsTaken, locale, leg.Market)}
              </td>
              <td className="num nowrap price">
                {formatPrice(leg.ClosingLine, leg.ClosingOdds, locale, leg.Market)}
              </td>
              <td>
                <ResultBadge result={leg.Result} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
