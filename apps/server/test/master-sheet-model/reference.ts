// The master sheet as DOMAIN.md "Agent deals and the weekly settle" and decision 033 state it,
// computed from a plain record of what the run posted (entries with the week they fell in and the
// instant they were posted, wagers placed, agent payments, deals, the weeks' close instants). It
// shares no code with the server's sheet: every figure is rebuilt here from those two pages.
import type { DealTerms, SettleStatus, SheetFigures, SheetRow } from '@backline/contract';
import { toSiteCurrency } from '../ledger-model/converted.ts';
import { shiftDay, type ModelSite } from '../ledger-model/model.ts';

export const PRODUCTS = ['Sports', 'Casino', 'Horses', 'Rbl'] as const;
export type Product = (typeof PRODUCTS)[number];
/** Make-up groups: rbl always settles with sports; casino and horses when they have no own %. */
const GROUPS = ['Sports', 'Casino', 'Horses'] as const;
type Group = (typeof GROUPS)[number];

export interface RefAgent {
  id: number;
  login: string;
  name: string;
  parentId: number | null;
  currency: string;
  /** The instant it was created: a sheet read before has no row of it. */
  createdAt: number;
}

export interface RefPlayer {
  id: number;
  agentId: number;
  currency: string;
}

/** A ledger entry of a player's result (types 2, 5, 6, 7), players' side. */
export interface RefEntry {
  playerId: number;
  product: Product;
  amount: number;
  /** The Monday of the week its day is in (site zone). */
  week: string;
  /** When it was posted (the run's clock), which decides which close saw it. */
  postedAt: number;
}

export interface RefWager {
  playerId: number;
  /** The Monday of the week it was placed in. */
  week: string;
  placedAt: number;
  deletedAt: number | null;
}

/** An agent payment, positive: paid by the agent to its parent, in the agent's currency. */
export interface RefPayment {
  agentId: number;
  amount: number;
  currency: string;
  /** The week it counts in: its entry time less the cut-off offset. */
  week: string;
  postedAt: number;
}

export interface RefDeal {
  agentId: number;
  fromWeek: string;
  terms: DealTerms;
  setAt: number;
}

export interface Book {
  site: ModelSite;
  agents: RefAgent[];
  players: RefPlayer[];
  entries: RefEntry[];
  wagers: RefWager[];
  payments: RefPayment[];
  deals: RefDeal[];
  /** Each closed week's close instant, by its Monday. */
  closes: Map<string, number>;
  /** The site's first week with any figure: the chain starts there at 0. */
  firstWeek: string;
}

type Makeup = Record<Group, number>;

/** `amount × bps / 10000`, half to even (decision 033). */
export function share(amount: number, bps: number): number {
  const exact = BigInt(amount) * BigInt(bps);
  const magnitude = exact < 0n ? -exact : exact;
  let q = magnitude / 10000n;
  const left = magnitude - q * 10000n;
  if (2n * left > 10000n || (2n * left === 10000n && q % 2n === 1n)) q += 1n;
  return Number(exact < 0n ? -q : q);
}

const bps = (percent: number) => Math.round(percent * 100);

/** Per-currency sums converted once each (a sheet cell), in minor units of the site's currency. */
function convertCell(site: ModelSite, byCurrency: Map<string, number>): number {
  let total = 0;
  for (const [currency, amount] of byCurrency) total += toSiteCurrency(site, amount, currency);
  return total;
}

function add(map: Map<string, number>, currency: string, amount: number) {
  map.set(currency, (map.get(currency) ?? 0) + amount);
}

/** The deal in force for `week`: the latest start on or before it, the last set winning a tie. */
function dealFor(book: Book, agentId: number, week: string, at: number): DealTerms | null {
  let found: RefDeal | null = null;
  for (const d of book.deals)
    if (d.agentId === agentId && d.fromWeek <= week && d.setAt <= at)
      if (
        !found ||
        d.fromWeek > found.fromWeek ||
        (d.fromWeek === found.fromWeek && d.setAt >= found.setAt)
      )
        found = d;
  return found?.terms ?? null;
}

/** Which group a product settles in under a deal (no deal: everything with sports). */
function groupOf(deal: DealTerms | null, p: Product): Group {
  if (p === 'Casino' && deal?.CasinoPercent != null) return 'Casino';
  if (p === 'Horses' && deal?.HorsesPercent != null) return 'Horses';
  return 'Sports';
}

function rateOf(deal: DealTerms, g: Group): number {
  if (g === 'Casino') return bps(deal.CasinoPercent!);
  if (g === 'Horses') return bps(deal.HorsesPercent!);
  return bps(deal.Percent);
}

export function subtreeOf(book: Book, agentId: number): Set<number> {
  const ids = new Set([agentId]);
  let grew = true;
  while (grew) {
    grew = false;
    for (const a of book.agents)
      if (a.parentId !== null && ids.has(a.parentId) && !ids.has(a.id)) {
        ids.add(a.id);
        grew = true;
      }
  }
  return ids;
}

const zeroNet = () => ({ Sports: 0, Casino: 0, Horses: 0, Rbl: 0, Total: 0 });
const zeroMakeup = (): Makeup => ({ Sports: 0, Casino: 0, Horses: 0 });
const withTotal = (m: Makeup) => ({ ...m, Total: m.Sports + m.Casino + m.Horses });

interface Chain {
  makeup: Makeup;
  balance: number;
}

function statusOf(f: SheetFigures): SettleStatus {
  if (f.BalanceForward === 0) return 'settled';
  if (f.Paid === 0 && f.BroughtForward + f.Owed !== 0) return 'open';
  return 'partly';
}

/**
 * Agent `agentId`'s row for `week`, every earlier week of the chain taken at its close and `week`
 * itself at `at` (its close instant when closed, or now for the open week).
 */
export function expectedRow(book: Book, agentId: number, week: string, at: number): SheetRow {
  const agent = book.agents.find((a) => a.id === agentId)!;
  const players = new Set(
    book.players.filter((p) => subtreeOf(book, agentId).has(p.agentId)).map((p) => p.id),
  );
  const currencyOf = new Map(book.players.map((p) => [p.id, p.currency]));
  let chain: Chain = { makeup: zeroMakeup(), balance: 0 };
  let row: SheetRow | null = null;
  for (let w = book.firstWeek; w <= week; w = shiftDay(w, 7)) {
    const t = w === week ? at : book.closes.get(w);
    if (t === undefined)
      throw new Error(`week ${w} is read before the week ${week} but not closed`);
    const lastClose = book.closes.get(shiftDay(w, -7)) ?? -Infinity;
    const net = Object.fromEntries(PRODUCTS.map((p) => [p, new Map<string, number>()])) as Record<
      Product,
      Map<string, number>
    >;
    const late = Object.fromEntries(PRODUCTS.map((p) => [p, new Map<string, number>()])) as Record<
      Product,
      Map<string, number>
    >;
    for (const e of book.entries) {
      if (!players.has(e.playerId) || e.postedAt > t) continue;
      const currency = currencyOf.get(e.playerId)!;
      if (e.week === w) add(net[e.product], currency, e.amount);
      // A change to a week closed before this one, made since the last close.
      else if (e.week < w && e.postedAt > lastClose) add(late[e.product], currency, e.amount);
    }
    const Net = zeroNet();
    const Late = zeroNet();
    for (const p of PRODUCTS) {
      Net[p] = convertCell(book.site, net[p]);
      Late[p] = convertCell(book.site, late[p]);
    }
    Net.Total = Net.Sports + Net.Casino + Net.Horses + Net.Rbl;
    Late.Total = Late.Sports + Late.Casino + Late.Horses + Late.Rbl;

    const deal = dealFor(book, agentId, w, t);
    // Make-up carried into this week's groups: a group merged into sports brings its make-up
    // there; a group split out of sports starts at 0.
    const before = zeroMakeup();
    for (const g of GROUPS) before[groupOf(deal, g)] += chain.makeup[g];
    const result = zeroMakeup();
    for (const p of PRODUCTS) result[groupOf(deal, p)] -= Net[p] + Late[p];
    const after = zeroMakeup();
    let earnings = 0;
    for (const g of GROUPS) {
      const used = g === 'Sports' || groupOf(deal, g) === g;
      if (!used || !deal) continue;
      const r = result[g];
      const base = deal.RedFigure ? r - before[g] : r;
      const rate = rateOf(deal, g);
      earnings +=
        deal.Kind === 'split' && !deal.RedFigure ? share(r, rate) : share(Math.max(0, base), rate);
      after[g] = deal.RedFigure ? Math.max(0, -base) : 0;
    }
    // A wager placed in the week makes its player active; a later void does not undo the week's
    // play (decision 033).
    const active = new Set(
      book.wagers
        .filter((x) => players.has(x.playerId) && x.week === w && x.placedAt <= t)
        .map((x) => x.playerId),
    ).size;
    const headFees = deal ? deal.HeadFee * active : 0;
    const owed = result.Sports + result.Casino + result.Horses - earnings + headFees;
    const paid = new Map<string, number>();
    for (const pay of book.payments)
      if (pay.agentId === agentId && pay.week === w && pay.postedAt <= t)
        add(paid, pay.currency, pay.amount);
    const Paid = convertCell(book.site, paid);
    const figures: SheetFigures = {
      Net,
      Late,
      MakeupBefore: withTotal(before),
      MakeupAfter: withTotal(after),
      Earnings: earnings,
      ActivePlayers: active,
      HeadFees: headFees,
      Owed: owed,
      BroughtForward: chain.balance,
      Paid,
      BalanceForward: chain.balance + owed - Paid,
    };
    row = {
      ...figures,
      IdAgent: agent.id,
      Agent: agent.login,
      Name: agent.name,
      Deal: deal,
      Status: statusOf(figures),
      HasSubAgents: book.agents.some((a) => a.parentId === agentId && a.createdAt <= t),
    };
    chain = { makeup: after, balance: figures.BalanceForward };
  }
  if (!row) throw new Error(`week ${week} is before the chain's first week ${book.firstWeek}`);
  return row;
}

const MONEY_KEYS = [
  'Earnings',
  'ActivePlayers',
  'HeadFees',
  'Owed',
  'BroughtForward',
  'Paid',
  'BalanceForward',
] as const;

/** The sums of the rows' columns: the sheet's totals. */
export function totalsOf(rows: readonly SheetFigures[]): SheetFigures {
  const sumOf = <T extends Record<string, number>>(pick: (r: SheetFigures) => T, zero: T): T => {
    const out = { ...zero } as Record<string, number>;
    for (const r of rows) for (const [k, v] of Object.entries(pick(r))) out[k]! += v;
    return out as T;
  };
  const totals = {
    Net: sumOf((r) => r.Net, zeroNet()),
    Late: sumOf((r) => r.Late, zeroNet()),
    MakeupBefore: sumOf((r) => r.MakeupBefore, withTotal(zeroMakeup())),
    MakeupAfter: sumOf((r) => r.MakeupAfter, withTotal(zeroMakeup())),
  } as SheetFigures;
  for (const k of MONEY_KEYS) totals[k] = rows.reduce((s, r) => s + r[k], 0);
  return totals;
}

export interface ExpectedSheet {
  Own: SheetRow | null;
  Rows: SheetRow[];
  Totals: SheetFigures;
}

/** Agent `agentId`'s sheet for `week` as read at `at`: its direct sub-agents' rows and its own. */
export function expectedSheet(
  book: Book,
  agentId: number,
  week: string,
  at: number,
): ExpectedSheet {
  const t = book.closes.get(week) ?? at;
  const agent = book.agents.find((a) => a.id === agentId)!;
  const rows = book.agents
    .filter((a) => a.parentId === agentId && a.createdAt <= t)
    .map((a) => expectedRow(book, a.id, week, t));
  return {
    Own: agent.parentId === null ? null : expectedRow(book, agentId, week, t),
    Rows: rows,
    Totals: totalsOf(rows),
  };
}
