// What a wager posts to the ledger at placement, grading, regrade and void; shared by the service
// and the seeder so both settle wagers the same way.
import { addMoney, type BetResult, type LedgerType } from '@backline/contract';

export type Settlement = Exclude<BetResult, 'open'>;

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
