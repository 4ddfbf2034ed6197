// Wagers placed and graded, set-based: a chunk of such events (a batch's run of them, or single
// events that arrived together) applied in one transaction of a dozen statements whatever its size,
// instead of a transaction of about twenty statements each. Every event still meets exactly the
// rules it meets alone (claim, accept rule, placing and grading checks, the ledger math, in order
// per player); a refused event answers its error and leaves nothing, the others apply.
import type { EventEffect, PlatformEvent } from '@backline/contract';
import type { Db } from '../db/query.ts';
import { tripTransaction } from '../db/trip-transaction.ts';
import { AppError, ConflictError, NotFoundError, UnauthorizedError } from '../errors.ts';
import { openLedgerBatch } from '../ledger/ledger-batch.ts';
import * as bulk from '../ledger/ledger-bulk-repository.ts';
import { fromRecord } from '../db/json-records.ts';
import { playerDaily, playerWeekly } from '../db/schema.ts';
import type { DailyRollup, PlayerLedgerState, WeeklyRollup } from '../ledger/ledger-math.ts';
import type { WagerRow } from '../ledger/ledger-repository.ts';
import { assertGradeable, assertPlaceable, assertStakeHeld } from '../ledger/wager-operations.ts';
import {
  gradeEntries,
  placementEntries,
  settledAmount,
  ticketFor,
  type Settlement,
} from '../ledger/wager-math.ts';
import { acceptDecision, available } from './feed-accept.ts';
import * as repo from './feed-repository.ts';
import type { FeedAudience } from '../notifications/feed-live.ts';

export type ChunkedEvent = Extract<PlatformEvent, { Type: 'wager.placed' | 'wager.graded' }>;

/** The events applied set-based; every other type goes alone (feed-handlers.ts). */
export function isChunked(event: PlatformEvent): event is ChunkedEvent {
  return event.Type === 'wager.placed' || event.Type === 'wager.graded';
}

export interface ChunkItem {
  event: ChunkedEvent;
  bodyHash: string;
  /** The platform's instant, as it sent it: recorded with the claim. */
  occurredAt: Date;
  /** The instant it posts at: the platform's, unless that is ahead of our clock. */
  at: Date;
  received: Date;
  keyId: number;
  /** The request's signature to remember with the event (feed-auth.ts), or null. */
  replay: string | null;
}

export type ChunkAnswer =
  | { Outcome: 'duplicate'; Effect: EventEffect }
  /** Applied, with whom it goes to live (the player's agents, read with its state). */
  | { Outcome: 'applied'; Effect: EventEffect; audience: FeedAudience }
  | { Outcome: 'rejected'; error: AppError }
  /** Failed alone for what no rule names: the caller's 500; the other events are not held back. */
  | { Outcome: 'failed'; error: unknown };

/** A chunk given up for its events to go one by one. */
class ChunkRetry extends Error {
  override name = 'ChunkRetry';
}

/** Who posts as the platform: graded by, in the ledger's rows. */
const FEED = 'platform';

/** A wager of the chunk as it stands: new (inserted at the end) or the book's (updated). */
interface ChunkWager {
  row: WagerRow;
  isNew: boolean;
  /** Graded by this chunk: a book's wager to update. */
  graded: boolean;
  legs: bulk.NewLeg[];
  legCount: number;
}

/**
 * Applies the items in their order in one transaction and answers each. Event ids must be distinct
 * within a chunk (a repeated one starts the next chunk, where it finds its first applied).
 */
export async function applyChunk(
  db: Db,
  siteId: number,
  items: readonly ChunkItem[],
): Promise<ChunkAnswer[]> {
  const placings = items.flatMap(({ event }) => (event.Type === 'wager.placed' ? [event] : []));
  const grades = items.flatMap(({ event }) => (event.Type === 'wager.graded' ? [event] : []));
  // Its first statement goes with the BEGIN and its writes with the COMMIT (trip-transaction.ts).
  const first = repo.startChunk(siteId, {
    claims: items.map((i) => ({
      siteId,
      eventId: i.event.EventId,
      type: i.event.Type,
      bodyHash: i.bodyHash,
      occurredAt: i.occurredAt,
      appliedAt: i.received,
      keyId: i.keyId,
    })),
    // Only to refuse a placing of a wager the book holds: graded ones are read after the lock.
    wagers: [...new Set(placings.map((e) => e.Data.Wager))],
    games: [...new Set(placings.flatMap((e) => e.Data.Legs.map((l) => l.Game)))],
    newWagers: placings.length,
    players: {
      logins: [...new Set(placings.map((e) => e.Data.Player))],
      holding: [...new Set(grades.map((e) => e.Data.Wager))],
    },
    signatures: items.flatMap((i) =>
      i.replay === null ? [] : [{ keyId: i.keyId, signature: i.replay, seenAt: i.received }],
    ),
  });
  return tripTransaction(db, first, async (tx, rows) => {
    const answers: (ChunkAnswer | undefined)[] = new Array(items.length);
    const start = repo.chunkStart(rows);
    const { claimed, existing, wagers: placed, games, ids, locked, remembered } = start;
    // A request seen before is refused whatever its event became (feed-auth.ts).
    for (const [n, item] of items.entries())
      if (item.replay !== null && !remembered.has(item.replay))
        answers[n] = { Outcome: 'rejected', error: new UnauthorizedError('signature_replayed') };
    const raced = items.filter(
      (i, n) => !answers[n] && !claimed.has(i.event.EventId) && !existing.has(i.event.EventId),
    );
    // Another request was applying one of these events as this chunk began: what the statement
    // read beside its wait may predate what that request committed, so each event goes again
    // alone (applyInChunks).
    if (raced.length > 0 && items.length > 1) throw new ChunkRetry();
    const first = new Map([
      ...existing,
      ...(await repo.findEvents(
        tx,
        siteId,
        raced.map((i) => i.event.EventId),
      )),
    ]);
    for (const [n, item] of items.entries()) {
      if (answers[n] || claimed.has(item.event.EventId)) continue;
      const found = first.get(item.event.EventId);
      // Neither claimed nor there: a claim that vanished under us; the chunk is retried.
      if (!found) throw new Error(`event ${item.event.EventId} was neither claimed nor found`);
      answers[n] =
        found.bodyHash === item.bodyHash
          ? { Outcome: 'duplicate', Effect: found.result }
          : {
              Outcome: 'rejected',
              error: new ConflictError('event_id_reused', { event: item.event.EventId }),
            };
    }

    const todo = items.flatMap((item, n) => (answers[n] ? [] : [{ item, n }]));
    // Read after the lock, every wager graded here: one placed by a request that committed while
    // this chunk waited is there now, though the first statement did not see it.
    const graded = todo.flatMap(({ item }) =>
      item.event.Type === 'wager.graded' ? [item.event.Data.Wager] : [],
    );
    const state = await repo.chunkState(tx, siteId, locked, [...new Set(graded)]);

    const batch = openLedgerBatch();
    const byLogin = new Map<string, repo.ChunkPlayer>();
    const byId = new Map(state.players.map((p) => [p.player.id, p]));
    const audienceOf = (playerId: number): FeedAudience => {
      const p = byId.get(playerId)!;
      return {
        playerId,
        login: p.player.login,
        agentId: p.player.agentId,
        agents: p.above,
      };
    };
    for (const p of state.players) {
      batch.hold(p.player, stateOf(p));
      byLogin.set(p.player.login.toLowerCase(), p);
    }
    const wagers = new Map<string, ChunkWager>();
    for (const [ref, row] of state.wagers) {
      // Its player was not locked by the first statement, which did not see the wager yet.
      if (!byId.has(row.playerId)) throw new ChunkRetry();
      wagers.set(ref, { row, isNew: false, graded: false, legs: [], legCount: row.legs });
    }
    const legGrades: bulk.LegGrade[] = [];
    const effects: { eventId: string; result: EventEffect }[] = [];

    const place = (item: ChunkItem, d: Extract<ChunkedEvent, { Type: 'wager.placed' }>['Data']) => {
      if (placed.has(d.Wager) || wagers.has(d.Wager))
        throw new ConflictError('wager_exists', { wager: d.Wager });
      const refs = [...new Set(d.Legs.map((l) => l.Game))];
      const missing = refs.find((r) => !games.has(r));
      if (missing) throw new ConflictError('game_not_created', { game: missing });
      const holder = byLogin.get(d.Player.toLowerCase());
      if (!holder) throw new NotFoundError('unknown_player', { player: d.Player });
      const playerId = holder.player.id;
      const state = batch.state(playerId);
      const facts = {
        ...holder.facts,
        balance: state.balance,
        freePlayBalance: state.freePlayBalance,
        atRisk: batch.atRisk(playerId),
      };
      const refusal = acceptDecision(facts, {
        wagerType: d.WagerType,
        risk: d.Risk,
        toWin: d.ToWin,
        freePlay: d.FreePlay,
        at: item.at,
        legs: d.Legs.length,
        games: refs.map((ref) => {
          const game = games.get(ref)!;
          return { ref, status: game.status, sport: game.sport };
        }),
      });
      if (refusal) throw new ConflictError(refusal.reason, refusal.params);
      assertPlaceable({ risk: d.Risk, toWin: d.ToWin, wagerType: d.WagerType, legs: d.Legs });
      assertStakeHeld({ risk: d.Risk, freePlay: d.FreePlay }, state.freePlayBalance);

      const player = batch.player(playerId);
      const at = batch.at(playerId, item.at);
      const id = ids.shift()!;
      const row: WagerRow = {
        id,
        siteId,
        playerId,
        agentId: player.agentId,
        ticket: ticketFor(id),
        wagerType: d.WagerType,
        sport: games.get(d.Legs[0]!.Game)!.sport,
        description: d.Description || d.Legs.map((l) => l.Selection).join(' / '),
        currency: player.currency,
        risk: d.Risk,
        toWin: d.ToWin,
        freePlay: d.FreePlay,
        status: 'open',
        result: 'open',
        amount: 0,
        placedAt: at,
        gradedAt: null,
        gradedDay: null,
        deletedAt: null,
        externalId: d.Wager,
      };
      const legs = d.Legs.map((l) => ({
        wagerId: id,
        eventId: games.get(l.Game)!.id,
        market: l.Market,
        selection: l.Selection,
        lineTaken: l.Line === null ? null : String(l.Line),
        oddsTaken: l.Odds,
        closingLine: null,
        closingOdds: null,
        result: 'open',
      }));
      wagers.set(d.Wager, { row, isNew: true, graded: false, legs, legCount: legs.length });
      for (const entry of placementEntries(row)) batch.post(playerId, { ...entry, createdAt: at });
      if (!d.FreePlay) batch.changeAtRisk(playerId, d.Risk);
      return {
        playerId,
        effect: {
          IdWager: id,
          Ticket: row.ticket,
          Available: available(
            { ...facts, atRisk: facts.atRisk + (d.FreePlay ? 0 : d.Risk) },
            false,
            item.at,
          ),
        },
      };
    };

    const grade = (item: ChunkItem, d: Extract<ChunkedEvent, { Type: 'wager.graded' }>['Data']) => {
      const w = wagers.get(d.Wager);
      if (!w) throw new ConflictError('wager_not_placed', { wager: d.Wager });
      const result = d.Result as Settlement;
      const legResults = d.Legs?.map((l) => l.Result as Settlement);
      assertGradeable(w.row, w.legCount, { result, legResults });
      const playerId = w.row.playerId;
      const at = batch.at(playerId, item.at);
      const rows = gradeEntries(w.row, result, FEED).map((entry) =>
        batch.post(playerId, { ...entry, createdAt: at }),
      );
      if (!w.row.freePlay) batch.changeAtRisk(playerId, -w.row.risk);
      w.row = {
        ...w.row,
        status: 'graded',
        result,
        amount: settledAmount(w.row, result),
        gradedAt: at,
        gradedDay: rows[0]!.day,
      };
      w.graded = true;
      for (let position = 1; position <= w.legCount; position++) {
        const leg = d.Legs?.[position - 1];
        const closing =
          leg && (leg.ClosingLine !== null || leg.ClosingOdds !== null)
            ? {
                line: leg.ClosingLine === null ? null : String(leg.ClosingLine),
                odds: leg.ClosingOdds,
              }
            : null;
        const legResult = legResults?.[position - 1] ?? result;
        if (w.isNew) {
          const l = w.legs[position - 1]!;
          l.result = legResult;
          if (closing) Object.assign(l, { closingLine: closing.line, closingOdds: closing.odds });
        } else legGrades.push({ wagerId: w.row.id, position, result: legResult, closing });
      }
      return {
        playerId,
        effect: {
          IdWager: w.row.id,
          Ticket: w.row.ticket,
          Amount: w.row.amount,
          Day: w.row.gradedDay,
        },
      };
    };

    for (const { item, n } of todo) {
      try {
        const { effect, playerId } =
          item.event.Type === 'wager.placed'
            ? place(item, item.event.Data)
            : grade(item, item.event.Data);
        answers[n] = { Outcome: 'applied', Effect: effect, audience: audienceOf(playerId) };
        effects.push({ eventId: item.event.EventId, result: effect });
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        answers[n] = { Outcome: 'rejected', error };
      }
    }

    const written = [...wagers.values()].filter((w) => w.isNew || w.graded);
    const last = await batch.finalWrite(
      tx,
      [
        bulk.insertLegs(written.flatMap((w) => w.legs)),
        bulk.gradeLegs(legGrades),
        repo.saveEffects(siteId, effects),
        // This chunk's claims of refused events (a replay's too): refused, an event leaves no record.
        repo.dropClaims(
          siteId,
          items
            .filter((i, n) => answers[n]!.Outcome === 'rejected' && claimed.has(i.event.EventId))
            .map((i) => i.event.EventId),
        ),
      ],
      bulk.writeWagers(written.map((w) => w.row)),
    );
    return { value: answers as ChunkAnswer[], last };
  });
}

/** A held player's ledger state from what was read under its lock (loadLedgerState, for many). */
function stateOf(p: repo.ChunkPlayer): PlayerLedgerState {
  return {
    siteId: p.player.siteId,
    playerId: p.player.id,
    agentId: p.player.agentId,
    timeZone: p.player.timeZone,
    balance: p.player.balance,
    freePlayBalance: p.player.freePlayBalance,
    lastEntryAt: p.lastEntryAt,
    daily: p.daily && (fromRecord(playerDaily, p.daily) as DailyRollup),
    weekly: p.weekly && (fromRecord(playerWeekly, p.weekly) as WeeklyRollup),
  };
}

/** Events a chunk takes at most: its statements' JSON stays a few megabytes. */
export const CHUNK_MAX = 1000;

/** Where `items` must be cut: at CHUNK_MAX, and before an event id the chunk holds already. */
function chunksOf<T extends { event: { EventId: string } }>(items: readonly T[]): T[][] {
  const chunks: T[][] = [];
  let chunk: T[] = [];
  let ids = new Set<string>();
  for (const item of items) {
    if (chunk.length === CHUNK_MAX || ids.has(item.event.EventId)) {
      chunks.push(chunk);
      chunk = [];
      ids = new Set();
    }
    chunk.push(item);
    ids.add(item.event.EventId);
  }
  if (chunk.length > 0) chunks.push(chunk);
  return chunks;
}

/**
 * Applies the items in order, chunk after chunk. A chunk that fails for what no rule names (a
 * concurrent request placed the same wager, a claim raced, a deadlock) is rolled back whole and
 * its items applied again one by one, each then meeting what the other request committed.
 */
export async function applyInChunks(
  db: Db,
  siteId: number,
  items: readonly ChunkItem[],
): Promise<ChunkAnswer[]> {
  const answers: ChunkAnswer[] = [];
  for (const chunk of chunksOf(items)) {
    try {
      answers.push(...(await applyChunk(db, siteId, chunk)));
    } catch {
      // Once more, alone: a second failure is that event's own (a 500), as it would be one by one.
      for (const item of chunk) {
        try {
          answers.push(...(await applyChunk(db, siteId, [item])));
        } catch (error) {
          answers.push({ Outcome: 'failed', error });
        }
      }
    }
  }
  return answers;
}

/** Chunks of a site's single events on their way at once: both cores' worth of PostgreSQL. */
export const WRITER_LANES = 2;

/**
 * Single events of a site applied together (group commit): while chunks are on their way, the
 * events arriving meanwhile wait and go as the next chunk, so a busy feed costs a transaction per
 * chunk, not per event, and a quiet one answers each event in one transaction of its own. Events
 * sent one after another keep their order; events sent at once have none between them, as before.
 */
export function createChunkWriter(db: Db) {
  interface Waiting {
    item: ChunkItem;
    resolve: (answer: ChunkAnswer) => void;
    reject: (error: unknown) => void;
  }
  const sites = new Map<number, { queue: Waiting[]; running: number }>();

  async function drain(siteId: number, site: { queue: Waiting[]; running: number }) {
    while (site.queue.length > 0) {
      const taken = site.queue.splice(0, CHUNK_MAX);
      try {
        const answers = await applyInChunks(
          db,
          siteId,
          taken.map((w) => w.item),
        );
        taken.forEach((w, i) => w.resolve(answers[i]!));
      } catch (error) {
        for (const w of taken) w.reject(error);
      }
    }
    site.running -= 1;
    if (site.running === 0) sites.delete(siteId);
  }

  return {
    submit(siteId: number, item: ChunkItem): Promise<ChunkAnswer> {
      return new Promise((resolve, reject) => {
        let site = sites.get(siteId);
        if (!site) sites.set(siteId, (site = { queue: [], running: 0 }));
        site.queue.push({ item, resolve, reject });
        if (site.running < WRITER_LANES) {
          site.running += 1;
          void drain(siteId, site);
        }
      });
    },
  };
}
