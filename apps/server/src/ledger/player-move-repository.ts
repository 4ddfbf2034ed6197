// SQL of a player's move to another agent (decision 021): the move's week and the rows dated in it
// change agent; earlier weeks keep theirs; the agents' weekly rollups follow in the same statement
// set, and the move itself is recorded.
import { WEEK_DAY_KEYS } from '@backline/contract';
import { and, eq, gte, or, sql } from 'drizzle-orm';
import type { Executor } from '../db/query.ts';
import {
  agentWeekly,
  ledger,
  playerDaily,
  playerMoves,
  players,
  playerWeekly,
  wagerChanges,
  wagers,
} from '../db/schema.ts';
import { ZERO_FIGURES, ZERO_WEEK_DAYS, type WeeklyRollup } from './ledger-math.ts';

type WeekFigures = Omit<
  WeeklyRollup,
  'siteId' | 'playerId' | 'agentId' | 'weekStart' | 'carry' | 'ending'
>;
const FIGURE_KEYS = [...Object.keys(ZERO_FIGURES), ...WEEK_DAY_KEYS] as (keyof WeekFigures)[];

/** Adds signed figures to an agent's week (an upsert of deltas, as every posting does). */
async function addToAgentWeek(
  ex: Executor,
  row: { siteId: number; agentId: number; weekStart: string; currency: string },
  sign: 1 | -1,
  figures: WeekFigures,
  delta: { net: number; moved: number },
): Promise<void> {
  const values = Object.fromEntries(FIGURE_KEYS.map((k) => [k, sign * figures[k]]));
  const keys = [...FIGURE_KEYS, 'net', 'moved'] as const;
  await ex
    .insert(agentWeekly)
    .values({ ...row, ...values, ...delta })
    .onConflictDoUpdate({
      target: [agentWeekly.agentId, agentWeekly.weekStart, agentWeekly.currency],
      set: Object.fromEntries(
        keys.map((key) => [
          key,
          sql`${agentWeekly[key]} + excluded.${sql.identifier(agentWeekly[key].name)}`,
        ]),
      ),
    });
}

export interface WeekMove {
  siteId: number;
  playerId: number;
  currency: string;
  timeZone: string;
  fromAgentId: number;
  toAgentId: number;
  weekStart: string;
  movedAt: Date;
  /** The player's row of the move's week, or, when it has none yet, its latest earlier one. */
  latest: WeeklyRollup | null;
}

/**
 * The move's week goes to the new agent: its player row (made, empty, when the week has no entries
 * yet, so the week says whose the player is from then on), the player's days, ledger rows, open
 * wagers and wagers graded or changed since the week began. The old agent's rollup gives up the
 * row's figures and the carry the player brings (agent_weekly.moved); the new one takes both.
 * Returns the carry moved.
 */
export async function moveWeek(ex: Executor, m: WeekMove): Promise<number> {
  const latest = m.latest;
  const key = { siteId: m.siteId, weekStart: m.weekStart, currency: m.currency };
  let carry = 0;
  if (latest && latest.weekStart === m.weekStart) {
    carry = latest.carry;
    await ex
      .update(playerWeekly)
      .set({ agentId: m.toAgentId })
      .where(and(eq(playerWeekly.playerId, m.playerId), eq(playerWeekly.weekStart, m.weekStart)));
    const change = latest.ending - latest.carry;
    await addToAgentWeek(ex, { ...key, agentId: latest.agentId }, -1, latest, {
      net: -change,
      moved: -carry,
    });
    await addToAgentWeek(ex, { ...key, agentId: m.toAgentId }, 1, latest, {
      net: change,
      moved: carry,
    });
  } else if (latest) {
    carry = latest.ending;
    await ex.insert(playerWeekly).values({
      ...ZERO_FIGURES,
      ...ZERO_WEEK_DAYS,
      siteId: m.siteId,
      playerId: m.playerId,
      agentId: m.toAgentId,
      weekStart: m.weekStart,
      carry,
      ending: carry,
    });
    await ex.update(players).set({ lastWeek: m.weekStart }).where(eq(players.id, m.playerId));
    const none = { ...ZERO_FIGURES, ...ZERO_WEEK_DAYS };
    await addToAgentWeek(ex, { ...key, agentId: m.fromAgentId }, -1, none, {
      net: 0,
      moved: -carry,
    });
    await addToAgentWeek(ex, { ...key, agentId: m.toAgentId }, 1, none, { net: 0, moved: carry });
  }
  await ex
    .update(playerDaily)
    .set({ agentId: m.toAgentId })
    .where(and(eq(playerDaily.playerId, m.playerId), gte(playerDaily.day, m.weekStart)));
  await ex
    .update(ledger)
    .set({ agentId: m.toAgentId })
    .where(and(eq(ledger.playerId, m.playerId), gte(ledger.day, m.weekStart)));
  // wager_graded_daily follows its wagers by trigger.
  await ex
    .update(wagers)
    .set({ agentId: m.toAgentId })
    .where(
      and(
        eq(wagers.playerId, m.playerId),
        or(eq(wagers.status, 'open'), gte(wagers.gradedDay, m.weekStart)),
      ),
    );
  const weekBegan = sql`(${m.weekStart}::date::timestamp at time zone ${m.timeZone})`;
  await ex
    .update(wagerChanges)
    .set({ agentId: m.toAgentId })
    .where(
      and(eq(wagerChanges.playerId, m.playerId), sql`${wagerChanges.changedAt} >= ${weekBegan}`),
    );
  // agent_players counts follow by trigger.
  await ex.update(players).set({ agentId: m.toAgentId }).where(eq(players.id, m.playerId));
  await ex.insert(playerMoves).values({
    siteId: m.siteId,
    playerId: m.playerId,
    fromAgentId: m.fromAgentId,
    toAgentId: m.toAgentId,
    weekStart: m.weekStart,
    carry,
    currency: m.currency,
    movedAt: m.movedAt,
  });
  return carry;
}
