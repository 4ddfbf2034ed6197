// One demo player's weeks, lived in time order and posted through the ledger math, so seeded
// balances, rollups, voids and regrades are exactly what the product itself would have written.
import {
  emptyLedgerState,
  openJournal,
  paymentDescription,
  post,
  type DailyRollup,
  type LedgerEntry,
  type LedgerRowDraft,
  type WeeklyRollup,
} from '../ledger/ledger-math.ts';
import {
  gradeEntries,
  placementEntries,
  realAmount,
  regradeEntries,
  settledAmount,
  ticketFor,
  voidEntries,
  wagerSnapshot,
  type EntryDraft,
  type Settlement,
} from '../ledger/wager-math.ts';
import type { PlayerSpec } from './demo-player.ts';
import type { SeedAudit, SeedChange, SeedLeg, SeedWager } from './seed-tables.ts';
import { niceMinor, schedule, type HistoryContext, type WagerState } from './demo-schedule.ts';
import type { Rng } from './prng.ts';

export interface PlayerHistory {
  balance: number;
  freePlayBalance: number;
  atRisk: number;
  wagers: SeedWager[];
  legs: SeedLeg[];
  ledger: (LedgerRowDraft & { id: number })[];
  payments: { ledgerId: number; method: string; note: string }[];
  dailies: DailyRollup[];
  weeklies: WeeklyRollup[];
  changes: SeedChange[];
  audits: SeedAudit[];
}

/** The tables a player's history fills, each a list of rows. */
export const HISTORY_TABLES = [
  'wagers',
  'legs',
  'ledger',
  'payments',
  'dailies',
  'weeklies',
  'changes',
  'audits',
] as const;
export type HistoryRows = Pick<PlayerHistory, (typeof HISTORY_TABLES)[number]>;

export function emptyHistoryRows(): HistoryRows {
  return Object.fromEntries(HISTORY_TABLES.map((t) => [t, []])) as unknown as HistoryRows;
}

/** The products' names as the transaction types call them (transactionTypes in the web app). */
const PRODUCTS = { 5: 'casino', 6: 'horses', 7: 'rbl' } as const;
const METHODS = [
  ['cash', 35],
  ['bank', 25],
  ['p2p', 15],
  ['crypto', 10],
  ['card', 10],
  ['other', 5],
] as const;
const REGRADE_REASONS = [
  'Score correction from the league',
  'Graded on the wrong line',
  'Official result changed',
  'Leg graded before the final',
];

export function simulatePlayer(
  rng: Rng,
  spec: PlayerSpec,
  playerId: number,
  ctx: HistoryContext,
): PlayerHistory {
  const journal = openJournal(
    emptyLedgerState({
      siteId: spec.siteId,
      playerId,
      agentId: spec.agentId,
      timeZone: ctx.timeZone,
    }),
  );
  const firstLedgerId = ctx.ids.ledger + 1;
  const staff = ctx.staff.get(spec.agentId)!;
  const out: PlayerHistory = { balance: 0, freePlayBalance: 0, atRisk: 0, ...emptyHistoryRows() };
  let atRisk = 0;
  const placed: WagerState[] = [];

  const postAt = (at: number, entry: Omit<LedgerEntry, 'createdAt'>, w?: WagerState) => {
    const row = post(journal, { ...entry, createdAt: new Date(at) });
    if (w) w.net.set(row.type, (w.net.get(row.type) ?? 0) + row.amount);
    return { row, id: firstLedgerId + journal.rows.length - 1 };
  };
  const postAll = (at: number, drafts: EntryDraft[], w: WagerState) =>
    drafts.map((d) => postAt(at, d, w).row);
  const ref = (w: SeedWager) => ({
    id: w.id,
    ticket: w.ticket,
    risk: w.risk,
    toWin: w.toWin,
    freePlay: w.freePlay,
  });
  const change = (
    w: SeedWager,
    status: SeedChange['status'],
    at: number,
    reason: string,
    before: SeedWager,
    amount: number,
  ) =>
    out.changes.push({
      siteId: w.siteId,
      wagerId: w.id,
      playerId,
      agentId: w.agentId,
      status,
      changedAt: new Date(at),
      changedBy: staff.changer.login,
      reason,
      before: wagerSnapshot(before),
      after: wagerSnapshot(w),
      amount,
    });

  for (const action of schedule(rng, spec, ctx)) {
    const { at } = action;
    const state = journal.state;
    switch (action.kind) {
      case 'place': {
        const { plan } = action.w;
        let risk = plan.risk;
        let freePlay = false;
        if (
          plan.legs.length === 1 &&
          spec.freePlayPromo &&
          state.freePlayBalance >= 500 &&
          rng.chance(0.7)
        ) {
          freePlay = true;
          risk = Math.min(risk, Math.floor(state.freePlayBalance / 100) * 100);
        } else {
          const available = spec.creditLimit + state.balance - atRisk;
          if (risk > available) risk = Math.floor(available / 500) * 500;
          if (risk < 500) break;
        }
        const id = ++ctx.ids.wager;
        const row: SeedWager = {
          id,
          siteId: spec.siteId,
          playerId,
          agentId: spec.agentId,
          ticket: ticketFor(id),
          wagerType: plan.wagerType,
          sport: plan.sport,
          description: plan.description,
          currency: spec.currency,
          risk,
          toWin: Math.max(1, Math.round((plan.toWin * risk) / plan.risk)),
          freePlay,
          status: 'open',
          result: 'open',
          amount: 0,
          placedAt: new Date(at),
          gradedAt: null,
          gradedDay: null,
          deletedAt: null,
        };
        action.w.row = row;
        placed.push(action.w);
        out.wagers.push(row);
        postAll(at, placementEntries(ref(row)), action.w);
        if (!freePlay) atRisk += risk;
        break;
      }
      case 'grade': {
        const w = action.w.row;
        if (!w || w.status !== 'open') break;
        const result = action.w.plan.result!;
        const [first] = postAll(at, gradeEntries(ref(w), result), action.w);
        if (!w.freePlay) atRisk -= w.risk;
        Object.assign(w, {
          status: 'graded',
          result,
          amount: settledAmount(w, result),
          gradedAt: new Date(at),
          gradedDay: first!.day,
        });
        break;
      }
      case 'regrade': {
        const w = action.w.row;
        if (!w || w.status !== 'graded') break;
        const from = w.result as Settlement;
        const to: Settlement =
          from === 'win'
            ? rng.pick(['loss', 'loss', 'push'] as const)
            : from === 'loss'
              ? rng.pick(['win', 'win', 'push'] as const)
              : 'win';
        const before = { ...w };
        const [first] = postAll(
          at,
          regradeEntries(ref(w), from, to, staff.changer.login),
          action.w,
        );
        Object.assign(w, {
          result: to,
          amount: settledAmount(w, to),
          gradedAt: new Date(at),
          gradedDay: first!.day,
        });
        action.w.regraded = true;
        change(w, 'regraded', at, rng.pick(REGRADE_REASONS), before, first!.amount);
        break;
      }
      case 'void': {
        const w = action.w.row;
        if (!w || w.status === 'deleted') break;
        const before = { ...w };
        const drafts = voidEntries(ref(w), action.w.net, action.reason, staff.changer.login);
        postAll(at, drafts, action.w);
        if (w.status === 'open' && !w.freePlay) atRisk -= w.risk;
        Object.assign(w, { status: 'deleted', deletedAt: new Date(at) });
        const reversed = realAmount(drafts);
        change(w, 'deleted', at, action.reason, before, reversed);
        out.audits.push({
          siteId: w.siteId,
          actorId: staff.changer.id,
          targetId: w.id,
          createdAt: new Date(at),
          details: {
            ticket: w.ticket,
            reason: action.reason,
            reversed,
            changedBy: staff.changer.login,
          },
        });
        break;
      }
      case 'settle': {
        const owed = state.balance;
        if (Math.abs(owed) <= spec.settleFigure || owed === 0) break;
        if (!rng.chance(owed < 0 ? 0.75 : 0.65)) break;
        const full = rng.chance(0.7);
        const amount = full
          ? -owed
          : -Math.sign(owed) * niceMinor(Math.abs(owed) * (0.3 + rng.next() * 0.5));
        const method = rng.weighted(METHODS);
        const note =
          owed < 0
            ? rng.pick(
                full
                  ? ['Weekly settlement', 'Paid in person', '']
                  : ['Partial payment', 'Paid part, rest next week'],
              )
            : rng.pick(full ? ['Weekly payout', 'Paid out in person', ''] : ['Partial payout']);
        const { id } = postAt(at, {
          type: 1,
          amount,
          description: paymentDescription(amount, method, note),
          createdBy: staff.enteredBy,
        });
        out.payments.push({ ledgerId: id, method, note });
        break;
      }
      case 'credit':
        postAt(at, {
          type: 4,
          amount: action.amount,
          description: { Code: 'free_play_promotion', Params: {} },
          createdBy: staff.enteredBy,
        });
        break;
      case 'adjust':
        postAt(at, {
          type: 3,
          amount: action.amount,
          description: { Code: 'adjustment', Params: { reason: action.reason } },
          createdBy: staff.enteredBy,
        });
        break;
      case 'product':
        postAt(at, {
          type: action.type,
          amount: action.amount,
          description: { Code: 'product_result', Params: { product: PRODUCTS[action.type] } },
          createdBy: 'system',
        });
        break;
    }
  }

  ctx.ids.ledger += journal.rows.length;
  out.ledger = journal.rows.map((row, i) => ({ ...row, id: firstLedgerId + i }));
  out.dailies = journal.dailies;
  out.weeklies = journal.weeklies;
  out.balance = journal.state.balance;
  out.freePlayBalance = journal.state.freePlayBalance;
  out.atRisk = atRisk;
  for (const { row, plan, regraded } of placed) {
    for (const leg of plan.legs) {
      // A line closes when its event starts: a game still to come has no closing line yet.
      const closed = leg.event.startsAt.getTime() <= ctx.now;
      out.legs.push({
        wagerId: row!.id,
        eventId: leg.event.id,
        market: leg.market,
        selection: leg.selection,
        lineTaken: leg.lineTaken,
        oddsTaken: leg.oddsTaken,
        closingLine: closed ? leg.closingLine : null,
        closingOdds: closed ? leg.closingOdds : null,
        // A regrade settles every leg the way the wager now stands, as the service does.
        result: regraded ? row!.result : leg.result,
      });
    }
  }
  return out;
}
