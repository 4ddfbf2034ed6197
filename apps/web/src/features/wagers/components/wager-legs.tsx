import type { WagerLeg } from '@backline/contract/reports/wagers';
import { useTranslation } from 'react-i18next';
import { SimpleTable, TableScroll } from '@/components/ui/simple-table';
import { formatDateTime } from '@/lib/format';
import { formatPrice } from '@/lib/odds';
import { ResultBadge } from './result-badge';

const HEAD = {
  prefix: 'wagers.legs',
  columns: ['event', 'market', 'selection', 'taken', 'closing', 'result'],
  classes: { taken: 'num', closing: 'num' },
};

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
    <TableScroll label={caption} dialog>
      <SimpleTable className="report-table report-table--compact" head={HEAD} caption={caption}>
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
      </SimpleTable>
    </TableScroll>
  );
}
