// The deterministic demo: same options, same rows. Players are simulated a chunk at a time through
// the ledger math and bulk-inserted per chunk, so memory stays flat from 2,000 to 100,000 players.
import { addDays, localDate, mondayOf, startOfDayUtc } from '@backline/contract';
import { sql } from 'drizzle-orm';
import { gatherStatistics } from '../db/open-database.ts';
import { queryRows, type Db, type Executor } from '../db/query.ts';
import { ConflictError, ValidationError } from '../errors.ts';
import { rebuildAgentWeekly } from '../ledger/ledger-repository.ts';
import { bulkInsert } from './bulk-insert.ts';
import { refreshPlayerClv } from '../risk/player-clv-repository.ts';
import { EventBook } from './demo-event-book.ts';
import { generateEvents } from './demo-events.ts';
import {
  emptyHistoryRows,
  HISTORY_TABLES,
  simulatePlayer,
  type HistoryRows,
} from './demo-history.ts';
import type { HistoryContext, SiteDay, Staff } from './demo-schedule.ts';
import { seedNotifications } from './demo-notifications.ts';
import {
  addDesks,
  agentSettlements,
  DESKS_FROM_PLAYERS,
  playerPasswordHashes,
  seedOrg,
  type OrgSite,
} from './demo-org.ts';
import { playerSpec, type SiteProfile } from './demo-player.ts';
import { createRng, mixSeed } from './prng.ts';
import * as T from './seed-tables.ts';

export interface SeedDemoOptions {
  /** The instant the history ends at; the current (partial) week always has figures. */
  now: Date;
  /** Players of the first site; the second site gets one in twenty, at most 100. */
  players?: number;
  weeks?: number;
  seed?: number;
  /** Scales how often players bet (1 gives about 2.5 wagers per player and week). */
  wagerRate?: number;
  /** Players simulated and inserted per transaction. */
  chunkSize?: number;
  onProgress?: (done: number, total: number) => void;
}

export interface SeedSummary {
  seed: number;
  firstDay: string;
  lastDay: string;
  rows: Record<string, number>;
  /** Milliseconds per phase. */
  timings: Record<string, number>;
}

export async function isSeeded(db: Executor): Promise<boolean> {
  const [row] = await queryRows<{ seeded: boolean }>(
    db,
    sql`select exists (select 1 from sites) as seeded`,
  );
  return row!.seeded;
}

function check(opts: SeedDemoOptions) {
  const players = opts.players ?? 2000;
  const weeks = opts.weeks ?? 12;
  if (Number.isNaN(opts.now.getTime())) throw new ValidationError('now must be a date');
  if (!Number.isInteger(players) || players < 1 || players > 1_000_000)
    throw new ValidationError('players must be 1 to 1,000,000');
  if (!Number.isInteger(weeks) || weeks < 1 || weeks > 520)
    throw new ValidationError('weeks must be 1 to 520');
  return {
    players,
    weeks,
    seed: opts.seed ?? 20_261_118,
    wagerRate: opts.wagerRate ?? 1,
    chunkSize: opts.chunkSize ?? 250,
  };
}

/** Who enters payments for each agent's players, and who may void and regrade their wagers. */
function staffOf(site: OrgSite): Map<number, Staff> {
  const byId = new Map(site.agents.map((a) => [a.id, a]));
  const staff = new Map<number, Staff>();
  for (const agent of site.agents) {
    let changer = agent;
    while (!changer.rights.includes('deleteWagers') && changer.parentId !== null)
      changer = byId.get(changer.parentId)!;
    staff.set(agent.id, {
      enteredBy: agent.login,
      changer: { id: changer.id, login: changer.login },
    });
  }
  return staff;
}

async function nextIds(db: Db) {
  const [row] = await queryRows<Record<string, number | string>>(
    db,
    sql`select (select coalesce(max(id), 0) from players) as player, (select coalesce(max(id), 0) from wagers) as wager,
               (select coalesce(max(id), 0) from ledger) as ledger, (select coalesce(max(id), 0) from events) as event`,
  );
  return {
    player: Number(row!.player),
    wager: Number(row!.wager),
    ledger: Number(row!.ledger),
    event: Number(row!.event),
  };
}

function siteDays(firstDay: string, today: string, timeZone: string): SiteDay[] {
  const days: SiteDay[] = [];
  for (let day = firstDay, dow = 0; day <= today; day = addDays(day, 1), dow = (dow + 1) % 7) {
    days.push({ day, midnight: startOfDayUtc(day, timeZone).getTime(), dow });
  }
  return days;
}

type ChunkRows = HistoryRows & { players: T.SeedPlayerRow[] };

function emptyChunk(): ChunkRows {
  return { players: [], ...emptyHistoryRows() };
}

export async function seedDemo(db: Db, opts: SeedDemoOptions): Promise<SeedSummary> {
  const o = check(opts);
  if (await isSeeded(db))
    throw new ConflictError('The database already holds a demo; reset it before seeding again');
  const timings: Record<string, number> = {};
  const rows: Record<string, number> = {};
  const count = (table: string, n: number) => (rows[table] = (rows[table] ?? 0) + n);
  let clock = performance.now();
  const lap = (phase: string) => {
    const t = performance.now();
    timings[phase] = (timings[phase] ?? 0) + Math.round(t - clock);
    clock = t;
  };

  const now = opts.now;
  const hashes = await playerPasswordHashes();
  const orgCreated = new Date(now.getTime() - 400 * 86_400_000);
  const org = await db.transaction(async (tx) => {
    const sites = await seedOrg(tx, orgCreated);
    if (o.players > DESKS_FROM_PLAYERS) await addDesks(tx, sites[0]!, o.players, orgCreated);
    return sites;
  });
  count('sites', org.length);
  count(
    'agents',
    org.reduce((n, s) => n + s.agents.length, 0),
  );
  lap('org');

  const ids = await nextIds(db);
  const totalPlayers = org.reduce(
    (n, s) => n + (s.def.id === 1 ? o.players : siteTwoPlayers(o.players)),
    0,
  );
  let done = 0;
  let firstDay = '';
  let lastDay = '';
  for (const site of org) {
    const { def } = site;
    const today = localDate(now, def.timeZone);
    const start = addDays(mondayOf(today), -7 * (o.weeks - 1));
    firstDay = firstDay && firstDay < start ? firstDay : start;
    lastDay = lastDay > today ? lastDay : today;
    const days = siteDays(start, today, def.timeZone);
    const events = generateEvents(createRng(mixSeed(o.seed, def.id, 1)), {
      siteId: def.id,
      timeZone: def.timeZone,
      firstDay: start,
      lastDay: addDays(today, 4),
      now,
      density: def.eventDensity,
      firstId: ids.event + 1,
    });
    ids.event += events.length;
    await db.transaction((tx) => bulkInsert(tx, 'events', T.EVENT_COLUMNS, events));
    count('events', events.length);
    lap('events');

    const ctx: HistoryContext = {
      siteId: def.id,
      timeZone: def.timeZone,
      days,
      now: now.getTime(),
      book: new EventBook(events),
      staff: staffOf(site),
      ids,
    };
    const profile: SiteProfile = {
      siteId: def.id,
      loginPrefix: def.loginPrefix,
      firstNumber: def.firstNumber,
      agents: site.agents.map((a) => [a.id, a.share] as const),
      firstPlayerAgent: site.agents.find((a) => a.login === def.firstPlayerAgent)?.id ?? null,
      currencies: def.currencies,
      popularity: def.popularity,
      languages: def.languages,
      windowStart: days[0]!.midnight,
      now: now.getTime(),
      wagerRate: o.wagerRate,
    };
    const weekNet = new Map<string, number>();
    // Written after the players, oldest first: the chain numbers audit rows in the order written.
    const audits: T.SeedAudit[] = [];
    const players = def.id === 1 ? o.players : siteTwoPlayers(o.players);
    for (let from = 0; from < players; from += o.chunkSize) {
      const chunk = emptyChunk();
      for (let i = from; i < Math.min(players, from + o.chunkSize); i++) {
        const rng = createRng(mixSeed(o.seed, def.id, 2, i));
        const spec = playerSpec(rng, profile, i);
        const id = ++ids.player;
        const h = simulatePlayer(rng, spec, id, ctx);
        const passwordHash = def.id === 1 && i === 0 ? hashes.demo : hashes.others;
        chunk.players.push({
          ...spec,
          id,
          passwordHash,
          balance: h.balance,
          freePlayBalance: h.freePlayBalance,
          atRisk: h.atRisk,
        });
        for (const key of HISTORY_TABLES) (chunk[key] as unknown[]).push(...h[key]);
        for (const w of h.weeklies) {
          const key = `${w.agentId}|${w.weekStart}`;
          weekNet.set(
            key,
            (weekNet.get(key) ?? 0) + w.sports + w.casino + w.horses + w.rbl + w.adjustments,
          );
        }
      }
      lap('simulate');
      await db.transaction(async (tx) => {
        // History written at once is not news: no live log of it (migration 0032).
        await tx.execute(sql`select set_config('backline.live_log', 'off', true)`);
        await bulkInsert(tx, 'players', T.PLAYER_COLUMNS, chunk.players);
        await bulkInsert(tx, 'wagers', T.WAGER_COLUMNS, chunk.wagers);
        await bulkInsert(tx, 'wager_legs', T.LEG_COLUMNS, chunk.legs);
        await bulkInsert(tx, 'ledger', T.LEDGER_COLUMNS, chunk.ledger);
        await bulkInsert(tx, 'player_payments', T.PAYMENT_COLUMNS, chunk.payments);
        await bulkInsert(tx, 'player_daily', T.DAILY_COLUMNS, chunk.dailies);
        await bulkInsert(tx, 'player_weekly', T.WEEKLY_COLUMNS, chunk.weeklies);
        await bulkInsert(tx, 'wager_changes', T.CHANGE_COLUMNS, chunk.changes);
      });
      count('players', chunk.players.length);
      count('wagers', chunk.wagers.length);
      count('wager_legs', chunk.legs.length);
      count('ledger', chunk.ledger.length);
      count('player_payments', chunk.payments.length);
      count('player_daily', chunk.dailies.length);
      count('player_weekly', chunk.weeklies.length);
      count('wager_changes', chunk.changes.length);
      audits.push(...chunk.audits);
      lap('insert');
      done += chunk.players.length;
      opts.onProgress?.(done, totalPlayers);
    }

    const closedWeeks = days
      .filter((d) => d.dow === 0 && addDays(d.day, 7) <= today)
      .map((d) => d.day);
    const settlements = agentSettlements(
      createRng(mixSeed(o.seed, def.id, 3)),
      site,
      weekNet,
      closedWeeks,
      now,
    );
    await bulkInsert(db, 'agent_payments', T.AGENT_PAYMENT_COLUMNS, settlements);
    count('agent_payments', settlements.length);
    audits.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
    await bulkInsert(db, 'audit_log', T.AUDIT_COLUMNS, audits);
    count('audit_log', audits.length);
  }

  count('agent_weekly', await rebuildAgentWeekly(db));
  const notes = await db.transaction((tx) => seedNotifications(tx, org, now));
  count('notifications', notes.notifications);
  count('notification_views', notes.views);
  // Ids were assigned here, not by the sequences; move the sequences past them.
  for (const table of ['players', 'wagers', 'ledger', 'events']) {
    await db.execute(
      sql`select setval(pg_get_serial_sequence(${table}, 'id'), greatest((select coalesce(max(id), 0) from ${sql.identifier(table)}), 1), (select count(*) > 0 from ${sql.identifier(table)}))`,
    );
  }
  await refreshPlayerClv(db, 'all', now);
  lap('finish');
  await gatherStatistics(db);
  lap('statistics');
  return { seed: o.seed, firstDay, lastDay, rows, timings };
}

function siteTwoPlayers(players: number): number {
  return Math.min(100, Math.max(10, Math.round(players / 20)));
}
