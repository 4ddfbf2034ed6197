// Both payment lists total their rows alike: per currency, the money in, the money out, the net.
import { sumMoney, type Money } from '@backline/contract';

type PaymentTotals<In extends string, Out extends string> = { Currency: string; Count: number } & {
  [K in In | Out | 'Net']: Money;
};

/**
 * Per currency, by code: positive amounts summed under the name `inName`, negative ones as a
 * positive figure under `outName` (Receipts and Disbursements for players, ToMaster and FromMaster
 * for agents).
 */
export function paymentTotals<In extends string, Out extends string>(
  rows: readonly { Currency: string; Amount: Money }[],
  inName: In,
  outName: Out,
): PaymentTotals<In, Out>[] {
  return [...Map.groupBy(rows, (r) => r.Currency)]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(
      ([currency, list]) =>
        ({
          Currency: currency,
          Count: list.length,
          [inName]: sumMoney(
            list.filter((r) => r.Amount > 0),
            (r) => r.Amount,
          ),
          [outName]: sumMoney(
            list.filter((r) => r.Amount < 0),
            (r) => -r.Amount,
          ),
          Net: sumMoney(list, (r) => r.Amount),
        }) as PaymentTotals<In, Out>,
    );
}
