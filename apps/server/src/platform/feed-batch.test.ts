import { describe, expect, it } from 'vitest';
import type { PlatformEvent } from '@backline/contract';
import { laneOf, runInLanes, wagersOf } from './feed-batch.ts';

const at = '2026-11-20T12:00:00Z';
const placed = (wager: string, player: string) =>
  ({
    EventId: `p-${wager}`,
    OccurredAt: at,
    Type: 'wager.placed',
    Data: { Wager: wager, Player: player },
  }) as unknown as PlatformEvent;
const graded = (wager: string) =>
  ({
    EventId: `g-${wager}`,
    OccurredAt: at,
    Type: 'wager.graded',
    Data: { Wager: wager, Result: 'win' },
  }) as unknown as PlatformEvent;
const game = (ref: string) =>
  ({
    EventId: `c-${ref}`,
    OccurredAt: at,
    Type: 'game.created',
    Data: { Game: ref },
  }) as unknown as PlatformEvent;

describe('a batch in lanes', () => {
  it('puts a wager\u2019s events on its player\u2019s lane, and agents and games on none', () => {
    const events = [placed('W1', 'Pl1'), graded('W1'), graded('W9'), game('G1')];
    const { named, placedBy } = wagersOf(events);
    expect(named).toEqual(['W1', 'W9']);
    const owners = new Map([...placedBy, ['W9', 'PL2']]);
    expect(events.map((e) => laneOf(e, owners))).toEqual([
      'player:pl1',
      'player:pl1',
      'player:pl2',
      null,
    ]);
    expect(laneOf(graded('W7'), owners)).toBe('wager:W7');
    // Another player placing a wager id already held runs alone: it is refused in its turn.
    expect(laneOf(placed('W9', 'pl2'), owners)).toBe('player:pl2');
    expect(laneOf(placed('W9', 'PL3'), owners)).toBeNull();
  });

  it('keeps each lane in order, runs a few lanes at once, and runs a laneless item alone', async () => {
    const items = ['a1', 'b1', 'a2', 'c1', 'b2', '-', 'a3', 'c2', 'd1', 'e1'];
    const done: string[] = [];
    let running = 0;
    let most = 0;
    await runInLanes(
      items,
      (item) => (item === '-' ? null : item[0]!),
      2,
      async (item) => {
        running++;
        most = Math.max(most, running);
        if (item === '-') expect(running).toBe(1);
        await new Promise((r) => setTimeout(r, item.endsWith('1') ? 5 : 1));
        done.push(item);
        running--;
      },
    );
    expect(most).toBe(2);
    expect(done).toHaveLength(items.length);
    const before = done.slice(0, done.indexOf('-'));
    expect(new Set(before)).toEqual(new Set(['a1', 'b1', 'a2', 'c1', 'b2']));
    for (const lane of ['a', 'b', 'c'])
      expect(done.filter((d) => d[0] === lane)).toEqual(items.filter((i) => i[0] === lane));
  });

  it('stops starting items after a failure and throws it', async () => {
    const done: string[] = [];
    const run = runInLanes(
      ['a1', 'a2', 'a3'],
      () => 'a',
      3,
      async (item) => {
        if (item === 'a2') throw new Error('broken');
        done.push(item);
      },
    );
    await expect(run).rejects.toThrow('broken');
    expect(done).toEqual(['a1']);
  });
});
