import { formatPrice } from '@/lib/odds';

interface PricedLeg {
  Market: string;
  LineTaken: number | null;
  OddsTaken: number;
  ClosingLine: number | null;
  ClosingOdds: number | null;
}

/** A leg's price taken and its closing price, two cells side by side so the line value reads across. */
export function LegPriceCells({ leg, locale }: { leg: PricedLeg; locale: string }) {
  return (
    <>
      <td className="num nowrap price">
        {formatPrice(leg.LineTaken, leg.OddsTaken, locale, leg.Market)}
      </td>
      <td className="num nowrap price">
        {formatPrice(leg.ClosingLine, leg.ClosingOdds, locale, leg.Market)}
      </td>
    </>
  );
}
