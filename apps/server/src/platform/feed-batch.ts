// A batch's lines side by side where their order cannot matter: each player's lines keep their
// order on one lane, and a few lanes run at once. A line that names no player (an agent, a game)
// waits for every line before it and holds back every line after it, as one by one it would.
import type { PlatformEvent } from '@backline/contract';

/** Lanes a batch runs at once: each holds a connection of the pool the agents' calls share. */
export const BATCH_LANES = 3;

const OF_A_WAGER = new Set<string>(['wager.graded', 'wager.regraded', 'wager.voided']);

/** Every wager a batch's wager events name, and who first places those it places itself. */
export function wagersOf(events: readonly PlatformEvent[]) {
  const named = new Set<string>();
  const placedBy = new Map<string, string>();
  for (const e of events) {
    if (e.Type === 'wager.placed' && !placedBy.has(e.Data.Wager))
      placedBy.set(e.Data.Wager, e.Data.Player);
    if (e.Type === 'wager.placed' || OF_A_WAGER.has(e.Type))
      named.add((e.Data as { Wager: string }).Wager);
  }
  return { named: [...named], placedBy };
}

/**
 * An event's lane: its player's (a wager's events go with the player holding the wager, `owners`:
 * the book's, else the batch's first placing), or null when it must run alone. A placing of a wager
 * id another player holds runs alone, so it is refused as it would be one by one.
 */
export function laneOf(event: PlatformEvent, owners: ReadonlyMap<string, string>): string | null {
  const data = event.Data as { Player?: string; Wager?: string };
  if (event.Type === 'wager.placed') {
    const owner = owners.get(data.Wager!);
    if (owner !== undefined && owner.toLowerCase() !== data.Player!.toLowerCase()) return null;
  }
  if (data.Player !== undefined) return `player:${data.Player.toLowerCase()}`;
  if (OF_A_WAGER.has(event.Type) && data.Wager !== undefined) {
    const owner = owners.get(data.Wager);
    return owner === undefined ? `wager:${data.Wager}` : `player:${owner.toLowerCase()}`;
  }
  return null;
}

/**
 * Runs `run` for every item: items of one lane in their order, at most `lanes` lanes at once, an
 * item without a lane alone between what comes before and after it. The first failure stops
 * what had not started and is thrown once the running items end.
 */
export async function runInLanes<T>(
  items: readonly T[],
  laneOf: (item: T) => string | null,
  lanes: number,
  run: (item: T) => Promise<void>,
): Promise<void> {
  let failure: { error: unknown } | null = null;
  const attempt = async (item: T) => {
    if (failure) return;
    try {
      await run(item);
    } catch (error) {
      failure ??= { error };
    }
  };
  let segment: T[] = [];
  const drain = async () => {
    const queue = [...Map.groupBy(segment, (item) => laneOf(item)!).values()];
    segment = [];
    await Promise.all(
      Array.from({ length: Math.min(lanes, queue.length) }, async () => {
        for (let lane = queue.shift(); lane; lane = queue.shift())
          for (const item of lane) await attempt(item);
      }),
    );
  };
  for (const item of items) {
    if (laneOf(item) !== null) {
      segment.push(item);
      continue;
    }
    await drain();
    await attempt(item);
  }
  await drain();
  if (failure) throw (failure as { error: unknown }).error;
}

/** Lanes a batch's runs of wagers go in at once: one chunk each, a core's worth of PostgreSQL. */
export const CHUNK_LANES = 2;

/**
 * Splits items into `lanes` lists by the lane of their event (laneOf): each player's events in
 * one list, in their order, so lists can be applied side by side.
 */
export function splitByLane<T extends { event: PlatformEvent }>(
  items: readonly T[],
  owners: ReadonlyMap<string, string>,
  lanes: number,
): T[][] {
  const lists: T[][] = Array.from({ length: lanes }, () => []);
  for (const item of items) {
    const key = laneOf(item.event, owners) ?? '';
    let hash = 2166136261;
    for (let i = 0; i < key.length; i++) hash = Math.imul(hash ^ key.charCodeAt(i), 16777619);
    lists[(hash >>> 0) % lanes]!.push(item);
  }
  return lists.filter((list) => list.length > 0);
}
