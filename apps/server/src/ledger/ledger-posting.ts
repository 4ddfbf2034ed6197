// One player's postings inside one transaction: lock the player, post through the ledger math,
// write each row with its rollups, then store the balances once.
import type { Db, Tx } from '../db/query.ts';
import { NotFoundError } from '../errors.ts';
import { applyEntry, type LedgerEntry, type PlayerLedgerState } from './ledger-math.ts';
import {
  insertLedgerRow,
  loadLedgerState,
  lockPlayer,
  saveRollups,
  updatePlayerBalances,
  type LedgerRow,
  type LockedPlayer,
} from './ledger-repository.ts';

export interface LedgerDeps {
  db: Db;
  /** The product always posts at "now"; tests pass their own clock. */
  now: () => Date;
  /**
   * The platform's own instant of a feed event, which decides the day and week instead of "now";
   * when the player's ledger already holds a later entry, the posting goes at that entry's time,
   * since the ledger only moves forward.
   */
  platformTime?: Date;
}

export interface Posting {
  tx: Tx;
  player: LockedPlayer;
  /** The instant every entry of this transaction is posted at, read once the player is locked. */
  at: Date;
  state(): PlayerLedgerState;
  post(entry: Omit<LedgerEntry, 'createdAt'>): Promise<LedgerRow>;
  changeAtRisk(delta: number): void;
}

export function withPlayer<T>(
  deps: LedgerDeps,
  siteId: number,
  playerId: number,
  work: (posting: Posting) => Promise<T>,
): Promise<T> {
  return deps.db.transaction(async (tx) => {
    const player = await lockPlayer(tx, siteId, playerId);
    if (!player) throw new NotFoundError('player_not_found', { player: playerId });
    let state = await loadLedgerState(tx, player);
    // Read the clock only under the lock, so concurrent postings for one player stay in time order.
    const at = deps.platformTime ? notBefore(deps.platformTime, state.lastEntryAt) : deps.now();
    let touched = false;
    let atRiskDelta = 0;
    const posting: Posting = {
      tx,
      player,
      at,
      state: () => state,
      async post(entry) {
        const posted = applyEntry(state, { ...entry, createdAt: at });
        const row = await insertLedgerRow(tx, posted.row);
        await saveRollups(tx, posted, player.currency);
        state = posted.state;
        touched = true;
        return row;
      },
      changeAtRisk(delta) {
        atRiskDelta += delta;
      },
    };
    const result = await work(posting);
    if (touched || atRiskDelta !== 0) {
      await updatePlayerBalances(tx, player.id, {
        balance: state.balance,
        freePlayBalance: state.freePlayBalance,
        atRiskDelta,
      });
    }
    return result;
  });
}

function notBefore(at: Date, last: Date | null): Date {
  return last && last > at ? last : at;
}
