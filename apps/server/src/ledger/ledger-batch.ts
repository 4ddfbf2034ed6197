// Many players' postings in one transaction, written set-based: what withPlayer does for one player
// (ledger-posting.ts), for a chunk of feed events. Each player's entries go through the same ledger
// math in order; then the rows, each rollup row once in its final form, the agents' weeks by their
// summed deltas and the balances are written one statement per table (ledger-bulk-repository.ts).
// The players must be locked by the caller's transaction before their state is read.
import { addMoney, type IsoDate } from '@backline/contract';
import type { SQL } from 'drizzle-orm';
import type { Executor } from '../db/query.ts';
import { together } from '../db/json-records.ts';
import type { Statement } from '../db/trip-transaction.ts';
import {
  applyEntry,
  type DailyRollup,
  type LedgerEntry,
  type LedgerRowDraft,
  type PlayerLedgerState,
  type WeekDelta,
  type WeeklyRollup,
} from './ledger-math.ts';
import * as bulk from './ledger-bulk-repository.ts';
import type { LockedPlayer } from './ledger-repository.ts';

interface Held {
  player: LockedPlayer;
  state: PlayerLedgerState;
  atRiskDelta: number;
  touched: boolean;
}

/** A rollup row in its latest form, and whether the database holds it yet. */
interface Rollup<T> {
  row: T;
  isNew: boolean;
}

export interface AgentWeekDelta extends WeekDelta {
  siteId: number;
  agentId: number;
  weekStart: IsoDate;
  currency: string;
}

export function openLedgerBatch() {
  const held = new Map<number, Held>();
  const rows: LedgerRowDraft[] = [];
  const dailies = new Map<string, Rollup<DailyRollup>>();
  const weeklies = new Map<string, Rollup<WeeklyRollup>>();
  const agentWeeks = new Map<string, AgentWeekDelta>();

  function of(playerId: number): Held {
    const h = held.get(playerId);
    if (!h) throw new RangeError(`player ${playerId} is not held by this batch`);
    return h;
  }

  function keep<T>(map: Map<string, Rollup<T>>, key: string, row: T, isNew: boolean) {
    // A row made new earlier in the batch stays an insert, whatever updates it since.
    map.set(key, { row, isNew: isNew || (map.get(key)?.isNew ?? false) });
  }

  return {
    /** A locked player and its ledger state as read under the lock. */
    hold(player: LockedPlayer, state: PlayerLedgerState): void {
      held.set(player.id, { player, state, atRiskDelta: 0, touched: false });
    },
    player: (playerId: number) => of(playerId).player,
    state: (playerId: number) => of(playerId).state,
    atRisk: (playerId: number) => of(playerId).player.atRisk + of(playerId).atRiskDelta,
    /**
     * The instant a posting at the platform's `at` goes: never before the player's last entry,
     * since a ledger only moves forward (ledger-posting.ts).
     */
    at(playerId: number, at: Date): Date {
      const last = of(playerId).state.lastEntryAt;
      return last && last > at ? last : at;
    },
    post(playerId: number, entry: LedgerEntry): LedgerRowDraft {
      const h = of(playerId);
      const posted = applyEntry(h.state, entry);
      h.state = posted.state;
      h.touched = true;
      rows.push(posted.row);
      keep(dailies, `${playerId}|${posted.daily.day}`, posted.daily, posted.dailyIsNew);
      keep(weeklies, `${playerId}|${posted.weekly.weekStart}`, posted.weekly, posted.weeklyIsNew);
      const { weekly, weekDelta } = posted;
      const key = `${weekly.agentId}|${weekly.weekStart}|${h.player.currency}`;
      const sum = agentWeeks.get(key);
      agentWeeks.set(
        key,
        sum
          ? addDeltas(sum, weekDelta)
          : {
              siteId: weekly.siteId,
              agentId: weekly.agentId,
              weekStart: weekly.weekStart,
              currency: h.player.currency,
              ...weekDelta,
            },
      );
      return posted.row;
    },
    changeAtRisk(playerId: number, delta: number): void {
      of(playerId).atRiskDelta += delta;
    },
    /**
     * Everything posted, as the one statement that writes it with `alongside` (writes of tables
     * without transition-table triggers) and `last` (one that has them) for the caller to send
     * last in its transaction (together); a new week's row beside a `last` is written at once.
     */
    async finalWrite(
      ex: Executor,
      alongside: readonly (SQL | null)[] = [],
      last: SQL | null = null,
    ): Promise<Statement | null> {
      const split = <T>(map: Map<string, Rollup<T>>) => {
        const all = [...map.values()];
        return {
          inserts: all.filter((r) => r.isNew).map((r) => r.row),
          updates: all.filter((r) => !r.isNew).map((r) => r.row),
        };
      };
      const weekly = bulk.writeWeeklies(split(weeklies));
      // A new week's row and the caller's own write both need a statement of their own.
      if (weekly.insert && last) await ex.execute(weekly.insert);
      return together(
        [
          ...alongside,
          weekly.update,
          bulk.insertLedgerRows(rows),
          ...bulk.writeDailies(split(dailies)),
          bulk.addToAgentWeeks([...agentWeeks.values()]),
          bulk.updatePlayerBalances(
            [...held.values()]
              .filter((h) => h.touched || h.atRiskDelta !== 0)
              .map((h) => ({
                id: h.player.id,
                balance: h.state.balance,
                freePlayBalance: h.state.freePlayBalance,
                atRiskDelta: h.atRiskDelta,
              })),
          ),
        ],
        last ?? weekly.insert,
      );
    },
  };
}

export type LedgerBatch = ReturnType<typeof openLedgerBatch>;

function addDeltas(a: AgentWeekDelta, b: WeekDelta): AgentWeekDelta {
  const sum = { ...a };
  for (const key of Object.keys(b) as (keyof WeekDelta)[]) sum[key] = addMoney(a[key], b[key]);
  return sum;
}
