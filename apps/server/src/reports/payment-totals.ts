// Both payment lists are read alike: over the settlement period, and totalled per currency with
// the money in, the money out and the net.
import { sumMoney, type Money } from '@backline/contract';
import { settlementRange } from './period.ts';

type PaymentTotals<In extends string, Out extends string> = { Currency: string; Count: number } & {
  [K in In | Out | 'Net']: Money;
};

/**
 * Per currency, by code: positive amounts summed under the name `inName`, negative ones as a
 * positive figure under `outName` (Receipts and Disbursements for players, ToMaster and FromMaster
 * for agents).
 */
function paymentTotals<In extends string, Out extends string>(
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

/**
 * A payment list of the filter's settlement period (the week just closed on a Monday): the period,
 * the rows `load` reads in it, and their totals under the list's names for money in and out.
 */
export async function paymentList<
  Row extends { Currency: string; Amount: Money },
  In extends string,
  Out extends string,
>(
  period: { timeZone: string; filter: Parameters<typeof settlementRange>[1]; now: Date },
  load: (start: string, end: string) => Promise<Row[]>,
  [inName, outName]: [In, Out],
) {
  const range = settlementRange(period.timeZone, period.filter, period.now);
  const rows = await load(range.StartDate, range.EndDate);
  return { ...range, Rows: rows, Totals: paymentTotals(rows, inName, outName) };
}
