import type { WagerLeg } from '@backline/contract/reports/wagers';
import { useTranslation } from 'react-i18next';
import { DialogTable } from '@/components/ui/simple-table';
import { LegPriceCells } from '@/components/ui/leg-prices';
import { formatDateTime } from '@/lib/format';
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
    <DialogTable label={caption} head={HEAD} caption={caption}>
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
          <LegPriceCells leg={leg} locale={locale} />
          <td>
            <ResultBadge result={leg.Result} />
          </td>
        </tr>
      ))}
    </DialogTable>
  );
}
