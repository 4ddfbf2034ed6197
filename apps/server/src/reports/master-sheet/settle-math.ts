// The arithmetic of a sub-agent's week on its parent's sheet (decision 033): make-up groups, the
// commission or split, head fees, what is owed and the balance forward. Pure: amounts in minor units
// of the site's currency, percentages in hundredths of a percent.
import {
  divideHalfEven,
  type DealKind,
  type DealTerms,
  type SettleStatus,
  type SheetFigures,
} from '@backline/contract';

export const PRODUCTS = ['sports', 'casino', 'horses', 'rbl'] as const;
export type Product = (typeof PRODUCTS)[number];
export type ByProduct = Record<Product, number>;

export const GROUPS = ['sports', 'casino', 'horses'] as const;
export type Group = (typeof GROUPS)[number];
export type ByGroup = Record<Group, number>;

export const NO_PRODUCTS: ByProduct = { sports: 0, casino: 0, horses: 0, rbl: 0 };
export const NO_MAKEUP: ByGroup = { sports: 0, casino: 0, horses: 0 };

/** A deal as stored: shares in hundredths of a percent. */
export interface Deal {
  kind: DealKind;
  percentBps: number;
  casinoBps: number | null;
  horsesBps: number | null;
  redFigure: boolean;
  headFee: number;
}

export const toBps = (percent: number) => Math.round(percent * 100);

export function dealOf(terms: DealTerms): Deal {
  return {
    kind: terms.Kind,
    percentBps: toBps(terms.Percent),
    casinoBps: terms.CasinoPercent === null ? null : toBps(terms.CasinoPercent),
    horsesBps: terms.HorsesPercent === null ? null : toBps(terms.HorsesPercent),
    redFigure: terms.RedFigure,
    headFee: terms.HeadFee,
  };
}

export function termsOf(deal: Deal): DealTerms {
  return {
    Kind: deal.kind,
    Percent: deal.percentBps / 100,
    CasinoPercent: deal.casinoBps === null ? null : deal.casinoBps / 100,
    HorsesPercent: deal.horsesBps === null ? null : deal.horsesBps / 100,
    RedFigure: deal.redFigure,
    HeadFee: deal.headFee,
  };
}

/** The make-up group a product settles in under a deal: rbl with sports; casino and horses apart only at a percent of their own. */
export function groupOf(product: Product, deal: Deal | null): Group {
  if (product === 'casino' && deal?.casinoBps != null) return 'casino';
  if (product === 'horses' && deal?.horsesBps != null) return 'horses';
  return 'sports';
}

function rateOf(group: Group, deal: Deal): number {
  if (group === 'casino') return deal.casinoBps ?? deal.percentBps;
  if (group === 'horses') return deal.horsesBps ?? deal.percentBps;
  return deal.percentBps;
}

/** `amount × bps / 10000`, rounded half to even. */
export function share(amount: number, bps: number): number {
  return divideHalfEven(BigInt(amount) * BigInt(bps), 10000n);
}

export interface WeekInput {
  deal: Deal | null;
  /** This week's players' figures, players' side, in the site's currency. */
  net: ByProduct;
  /** Changes to closed weeks since their close, players' side. */
  late: ByProduct;
  /** Make-up after of the week before, per group of the deal then. */
  makeupBefore: ByGroup;
  activePlayers: number;
  broughtForward: number;
  paid: number;
}

export interface WeekResult extends SheetFigures {
  status: SettleStatus;
  /** The make-up after per group, for the next week (equal to MakeupAfter without its total). */
  makeupAfter: ByGroup;
}

const sumOf = (o: Record<string, number>) => Object.values(o).reduce((a, b) => a + b, 0);
const withTotal = <T extends Record<string, number>>(o: T) => ({ ...o, total: sumOf(o) });

/** A sub-agent's week on its parent's sheet. */
export function settleWeek(input: WeekInput): WeekResult {
  const { deal } = input;
  // A group merged back into sports brings its make-up with it; one split out starts at 0.
  const before: ByGroup = { ...NO_MAKEUP };
  for (const g of GROUPS) before[groupOf(g, deal)] += input.makeupBefore[g];

  const result: ByGroup = { ...NO_MAKEUP };
  for (const p of PRODUCTS) result[groupOf(p, deal)] -= input.net[p] + input.late[p];

  const after: ByGroup = { ...NO_MAKEUP };
  let earnings = 0;
  for (const g of GROUPS) {
    if (!deal) continue;
    const rate = rateOf(g, deal);
    if (deal.redFigure) {
      const base = result[g] - before[g];
      earnings += share(Math.max(0, base), rate);
      after[g] = Math.max(0, -base);
    } else if (deal.kind === 'split') {
      earnings += share(result[g], rate);
    } else {
      earnings += share(Math.max(0, result[g]), rate);
    }
  }
  const headFees = (deal?.headFee ?? 0) * input.activePlayers;
  const owed = sumOf(result) - earnings + headFees;
  const balanceForward = input.broughtForward + owed - input.paid;
  const due = input.broughtForward + owed;
  const status: SettleStatus =
    balanceForward === 0 ? 'settled' : input.paid === 0 && due !== 0 ? 'open' : 'partly';
  const net = withTotal(input.net);
  const late = withTotal(input.late);
  const mb = withTotal(before);
  const ma = withTotal(after);
  return {
    Net: {
      Sports: net.sports,
      Casino: net.casino,
      Horses: net.horses,
      Rbl: net.rbl,
      Total: net.total,
    },
    Late: {
      Sports: late.sports,
      Casino: late.casino,
      Horses: late.horses,
      Rbl: late.rbl,
      Total: late.total,
    },
    MakeupBefore: { Sports: mb.sports, Casino: mb.casino, Horses: mb.horses, Total: mb.total },
    MakeupAfter: { Sports: ma.sports, Casino: ma.casino, Horses: ma.horses, Total: ma.total },
    Earnings: earnings,
    ActivePlayers: input.activePlayers,
    HeadFees: headFees,
    Owed: owed,
    BroughtForward: input.broughtForward,
    Paid: input.paid,
    BalanceForward: balanceForward,
    status,
    makeupAfter: after,
  };
}

/** The sheet's totals: each money column the sum of the rows'. */
export function sheetTotals(rows: readonly SheetFigures[]): SheetFigures {
  const add = <T extends Record<string, number>>(pick: (r: SheetFigures) => T): T => {
    const out = {} as Record<string, number>;
    for (const r of rows) for (const [k, v] of Object.entries(pick(r))) out[k] = (out[k] ?? 0) + v;
    return out as T;
  };
  const zeroNet = { Sports: 0, Casino: 0, Horses: 0, Rbl: 0, Total: 0 };
  const zeroMakeup = { Sports: 0, Casino: 0, Horses: 0, Total: 0 };
  const sum = (pick: (r: SheetFigures) => number) => rows.reduce((a, r) => a + pick(r), 0);
  return {
    Net: { ...zeroNet, ...add((r) => r.Net) },
    Late: { ...zeroNet, ...add((r) => r.Late) },
    MakeupBefore: { ...zeroMakeup, ...add((r) => r.MakeupBefore) },
    MakeupAfter: { ...zeroMakeup, ...add((r) => r.MakeupAfter) },
    Earnings: sum((r) => r.Earnings),
    ActivePlayers: sum((r) => r.ActivePlayers),
    HeadFees: sum((r) => r.HeadFees),
    Owed: sum((r) => r.Owed),
    BroughtForward: sum((r) => r.BroughtForward),
    Paid: sum((r) => r.Paid),
    BalanceForward: sum((r) => r.BalanceForward),
  };
}
