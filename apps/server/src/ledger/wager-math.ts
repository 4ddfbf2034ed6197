// What a wager posts to the ledger at placement, grading, regrade and void; shared by the service
// and the seeder so both settle wagers the same way.
import { addMoney, type BetResult, type LedgerType } from '@backline/contract';
import type { LedgerEntry } from './ledger-math.ts';

export type Settlement = Exclude<BetResult, 'open'>;

export const MARKETS = ['spread', 'total', 'moneyline', 'prop', 'future'] as const;
export type Market = (typeof MARKETS)[number];

export const SETTLEMENTS: readonly Settlement[] = ['win', 'loss', 'push', 'noaction'];

export interface WagerTerms {
  risk: number;
  toWin: number;
  freePlay: boolean;
}

/** Ledger amounts of one wager event: type 2 (the wager figure) and type 4 (free play). */
export interface WagerPosting {
  wagers: number;
  freePlay: number;
}

/** A free-play stake leaves the free-play balance when placed; a real stake only goes at risk. */
export function placementPosting(terms: WagerTerms): WagerPosting {
  return { wagers: 0, freePlay: terms.freePlay ? -terms.risk : 0 };
}

export function settlementPosting(terms: WagerTerms, result: Settlement): WagerPosting {
  switch (result) {
    case 'win':
      return { wagers: terms.toWin, freePlay: 0 };
    case 'loss':
      // A lost free-play stake already left the free-play balance at placement.
      return { wagers: terms.freePlay ? 0 : -terms.risk, freePlay: 0 };
    case 'push':
    case 'noaction':
      return { wagers: 0, freePlay: terms.freePlay ? terms.risk : 0 };
  }
}

export function regradePosting(terms: WagerTerms, from: Settlement, to: Settlement): WagerPosting {
  const before = settlementPosting(terms, from);
  const after = settlementPosting(terms, to);
  return {
    wagers: addMoney(after.wagers, -before.wagers),
    freePlay: addMoney(after.freePlay, -before.freePlay),
  };
}

export interface TypedAmount {
  type: LedgerType;
  amount: number;
}

/**
 * A void negates the wager's net ledger effect per type. With nothing to negate it still posts one
 * type-2 row of 0, so every void shows in the player's ledger.
 */
export function voidReversal(netByType: ReadonlyMap<LedgerType, number>): TypedAmount[] {
  const reversal: TypedAmount[] = [];
  for (const type of [...netByType.keys()].sort((a, b) => a - b)) {
    const net = netByType.get(type)!;
    if (net !== 0) reversal.push({ type, amount: -net });
  }
  return reversal.length > 0 ? reversal : [{ type: 2, amount: 0 }];
}

/** What a settled wager's `amount` column holds: the type-2 figure its grade posts. */
export function settledAmount(terms: WagerTerms, result: Settlement): number {
  return settlementPosting(terms, result).wagers;
}

/** An entry to post at the transaction's instant. */
export type EntryDraft = Omit<LedgerEntry, 'createdAt'>;

export interface WagerRef extends WagerTerms {
  id: number;
  ticket: string;
}

/** What moved a wager's figures: its grade, or a regrade from one result to another. */
type WagerEvent = { result: Settlement } | { from: Settlement; to: Settlement };

/** The rows a grade or regrade posts: always the type-2 figure (even 0), free play when it moves. */
export function wagerPostingEntries(
  w: WagerRef,
  posting: WagerPosting,
  event: WagerEvent,
  by: string,
): EntryDraft[] {
  const base = { wagerId: w.id, createdBy: by };
  const regrade = 'from' in event;
  const Params = { ticket: w.ticket, ...event };
  const entries: EntryDraft[] = [
    {
      ...base,
      type: 2,
      amount: posting.wagers,
      description: { Code: regrade ? 'wager_regraded' : 'wager_graded', Params },
    },
  ];
  if (posting.freePlay !== 0) {
    const verb = posting.freePlay > 0 ? 'returned' : 'taken';
    entries.push({
      ...base,
      type: 4,
      amount: posting.freePlay,
      description: { Code: `free_play_${verb}${regrade ? '_regraded' : ''}`, Params },
    });
  }
  return entries;
}

export function placementEntries(w: WagerRef): EntryDraft[] {
  const { freePlay } = placementPosting(w);
  if (freePlay === 0) return [];
  return [
    {
      type: 4,
      amount: freePlay,
      wagerId: w.id,
      createdBy: 'system',
      description: { Code: 'free_play_wager_placed', Params: { ticket: w.ticket } },
    },
  ];
}

export function gradeEntries(w: WagerRef, result: Settlement, by = 'system'): EntryDraft[] {
  return wagerPostingEntries(w, settlementPosting(w, result), { result }, by);
}

export function regradeEntries(
  w: WagerRef,
  from: Settlement,
  to: Settlement,
  by: string,
): EntryDraft[] {
  return wagerPostingEntries(w, regradePosting(w, from, to), { from, to }, by);
}

export function voidEntries(
  w: WagerRef,
  netByType: ReadonlyMap<LedgerType, number>,
  reason: string,
  by: string,
): EntryDraft[] {
  return voidReversal(netByType).map((r) => ({
    type: r.type,
    amount: r.amount,
    wagerId: w.id,
    createdBy: by,
    description: { Code: 'wager_deleted', Params: { ticket: w.ticket, reason } },
  }));
}

/** What a void gave back to (or took from) the real balance. */
export function realAmount(entries: readonly EntryDraft[]): number {
  return addMoney(...entries.filter((e) => e.type !== 4).map((e) => e.amount));
}

/** The before/after a wager change records. */
export function wagerSnapshot(w: WagerTerms & { status: string; result: string; amount: number }) {
  return {
    status: w.status,
    result: w.result,
    amount: w.amount,
    risk: w.risk,
    toWin: w.toWin,
    freePlay: w.freePlay,
  };
}

export function ticketFor(wagerId: number): string {
  return `W${String(wagerId).padStart(9, '0')}`;
}

/** Profit on `risk` at American odds, rounded to the minor unit. */
export function americanPayout(risk: number, odds: number): number {
  if (!Number.isInteger(odds) || Math.abs(odds) < 100)
    throw new RangeError(`Bad American odds ${odds}`);
  return odds > 0 ? Math.round((risk * odds) / 100) : Math.round((risk * 100) / -odds);
}

/** Decimal price of American odds (stake included): +150 → 2.5, -110 → 1.909... */
export function decimalOdds(odds: number): number {
  return odds > 0 ? 1 + odds / 100 : 1 + 100 / -odds;
}
