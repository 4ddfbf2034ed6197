// The platform feed's rules: each event applied once per (site, event id) in its own transaction
// with everything it posts; a batch line by line; the accept check by the rule placing applies.
import { createHash } from 'node:crypto';
import {
  BATCH_MAX_EVENTS,
  errorMessage,
  PlatformEvent,
  type BatchAnswer,
  type BatchLine,
  type EventAnswer,
  type EventEffect,
  type WagerCheckAnswer,
} from '@backline/contract';
import type { z } from 'zod';
import type { WagerCheck } from '@backline/contract';
import type { Db } from '../db/query.ts';
import type { FeedLive } from '../notifications/feed-live.ts';
import { AppError, ConflictError, UnauthorizedError, ValidationError } from '../errors.ts';
import { rememberSignature } from './platform-keys-repository.ts';
import { SIGNATURE_TOLERANCE_SECONDS } from './signature.ts';
import * as repo from './feed-repository.ts';
import { acceptDecision, available } from './feed-accept.ts';
import {
  BATCH_LANES,
  CHUNK_LANES,
  laneOf,
  runInLanes,
  splitByLane,
  wagersOf,
} from './feed-batch.ts';
import { checkInput } from '../plugins/text-input.ts';
import { assertNotFuture, FEED_HANDLERS, type FeedContext } from './feed-handlers.ts';
import { auditFeedEvent } from './feed-audit.ts';
import {
  applyInChunks,
  createChunkWriter,
  isChunked,
  type ChunkAnswer,
  type ChunkedEvent,
  type ChunkItem,
} from './feed-chunk.ts';

/** A batch line that is an event. */
interface ParsedLine {
  line: number;
  /** As the line wrote it, for a refusal's answer. */
  eventId: string | null;
  event: PlatformEvent;
}

function rejected(line: number, eventId: string | null, code: AppError['code'], message: string) {
  return {
    Line: line,
    EventId: eventId,
    Outcome: 'rejected' as const,
    Code: code,
    Message: message,
    Effect: null,
  };
}

/** Who sent the event: the key's site, and the key itself for the record. */
export interface FeedCaller {
  siteId: number;
  keyId: number;
  /** The request's signature, still to remember (feed-auth.ts): a replay is refused with 401. */
  replay?: string | null;
}

/** Same event, same hash, however its JSON was spaced or ordered: the checked event's own form. */
function hashOf(event: PlatformEvent): string {
  return createHash('sha256').update(JSON.stringify(event)).digest('hex');
}

export function createFeedService({ db, now, live }: { db: Db; now: () => Date; live: FeedLive }) {
  const writer = createChunkWriter(db);

  /** A wager placed or graded: with the events of the site arriving beside it (feed-chunk.ts). */
  async function applyChunked(caller: FeedCaller, item: ChunkItem): Promise<EventAnswer> {
    return answerOf(caller, item.event, await writer.submit(caller.siteId, item));
  }

  /** The event's answer, or its refusal thrown; what was applied goes live. */
  function answerOf(caller: FeedCaller, event: PlatformEvent, answer: ChunkAnswer): EventAnswer {
    if (answer.Outcome === 'rejected' || answer.Outcome === 'failed') throw answer.error;
    if (answer.Outcome === 'applied')
      live.applied(caller.siteId, event, answer.Effect, answer.audience);
    return { EventId: event.EventId, Outcome: answer.Outcome, Effect: answer.Effect };
  }

  function chunkItem(caller: FeedCaller, event: ChunkedEvent): ChunkItem {
    const occurredAt = new Date(event.OccurredAt);
    const received = now();
    assertNotFuture(occurredAt, received, SIGNATURE_TOLERANCE_SECONDS);
    return {
      event,
      bodyHash: hashOf(event),
      occurredAt,
      // A time ahead within the tolerance is our clock's lag, not the future.
      at: occurredAt > received ? received : occurredAt,
      received,
      keyId: caller.keyId,
      replay: caller.replay ?? null,
    };
  }

  async function apply(caller: FeedCaller, event: PlatformEvent): Promise<EventAnswer> {
    if (isChunked(event)) return applyChunked(caller, chunkItem(caller, event));
    if (caller.replay && !(await rememberSignature(db, caller.keyId, caller.replay, now())))
      throw new UnauthorizedError('signature_replayed');
    const at = new Date(event.OccurredAt);
    const received = now();
    assertNotFuture(at, received, SIGNATURE_TOLERANCE_SECONDS);
    const bodyHash = hashOf(event);
    const answer = await db.transaction(async (tx): Promise<EventAnswer> => {
      const claimed = await repo.claimEvent(tx, {
        siteId: caller.siteId,
        eventId: event.EventId,
        type: event.Type,
        bodyHash,
        // A time ahead within the tolerance is our clock's lag, not the future.
        occurredAt: at,
        appliedAt: received,
        keyId: caller.keyId,
      });
      if (!claimed) {
        const first = await repo.findEvent(tx, caller.siteId, event.EventId);
        if (!first || first.bodyHash !== bodyHash)
          throw new ConflictError('event_id_reused', { event: event.EventId });
        return { EventId: event.EventId, Outcome: 'duplicate', Effect: first.result };
      }
      const context: FeedContext = {
        tx: tx as unknown as Db,
        siteId: caller.siteId,
        keyId: caller.keyId,
        at: at > received ? received : at,
        now,
      };
      const handler = FEED_HANDLERS[event.Type] as (
        c: FeedContext,
        e: PlatformEvent,
      ) => Promise<EventEffect>;
      const effect = await handler(context, event);
      await auditFeedEvent(tx, caller, event, received);
      await repo.saveEffect(tx, caller.siteId, event.EventId, effect);
      return { EventId: event.EventId, Outcome: 'applied', Effect: effect };
    });
    // Committed: the agents above see it live. A duplicate or a refusal changed nothing to see.
    if (answer.Outcome === 'applied') live.applied(caller.siteId, event, answer.Effect);
    return answer;
  }

  /** A line of a batch read as an event, or answered as rejected when it is not one. */
  function parseLine(text: string, line: number): ParsedLine | BatchLine {
    let raw: unknown;
    try {
      raw = JSON.parse(text);
    } catch {
      return rejected(line, null, 'event_not_json', errorMessage('event_not_json'));
    }
    const eventId =
      raw && typeof raw === 'object' && typeof (raw as { EventId?: unknown }).EventId === 'string'
        ? (raw as { EventId: string }).EventId
        : null;
    // What a single event's body meets at the door: bounded, and no text PostgreSQL cannot hold.
    try {
      checkInput(raw);
    } catch (error) {
      if (error instanceof AppError) return rejected(line, null, error.code, error.message);
      throw error;
    }
    const parsed = PlatformEvent.safeParse(raw);
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      const field = issue.path.join('.') || 'event';
      return rejected(line, eventId, 'invalid_field', `Check ${field}: ${issue.message}`);
    }
    return { line, eventId, event: parsed.data };
  }

  /** A run of a batch's wagers placed and graded, in chunks (feed-chunk.ts). */
  async function applyRun(
    caller: FeedCaller,
    run: readonly (ParsedLine & { at: number })[],
    answers: BatchLine[],
  ) {
    const items: (ChunkItem & { line: ParsedLine & { at: number } })[] = [];
    for (const line of run) {
      try {
        items.push({ ...chunkItem(caller, line.event as ChunkedEvent), line });
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        answers[line.at] = rejected(line.line, line.eventId, error.code, error.message);
      }
    }
    // Players side by side on a few lanes, each lane's events chunk after chunk.
    const outcomes = new Map<(typeof items)[number], ChunkAnswer>();
    await Promise.all(
      splitByLane(items, await ownersOf(caller, items), CHUNK_LANES).map(async (lane) => {
        const answered = await applyInChunks(db, caller.siteId, lane);
        lane.forEach((item, i) => outcomes.set(item, answered[i]!));
      }),
    );
    for (const item of items) {
      const { line, event } = item;
      const outcome = outcomes.get(item)!;
      if (outcome.Outcome === 'failed') throw outcome.error;
      if (outcome.Outcome === 'rejected') {
        answers[line.at] = rejected(
          line.line,
          line.eventId,
          outcome.error.code,
          outcome.error.message,
        );
        continue;
      }
      const answer = answerOf(caller, event, outcome);
      answers[line.at] = {
        Line: line.line,
        EventId: answer.EventId,
        Outcome: answer.Outcome,
        Code: null,
        Message: null,
        Effect: answer.Effect,
      };
    }
  }

  /** Who holds each wager the events name: the book's, else the first placing among them. */
  async function ownersOf(caller: FeedCaller, run: readonly { event: PlatformEvent }[]) {
    const wagers = wagersOf(run.map((e) => e.event));
    const named = wagers.named.filter((ref) => !wagers.placedBy.has(ref));
    return new Map([...wagers.placedBy, ...(await repo.wagerOwners(db, caller.siteId, named))]);
  }

  /** Lines of a batch by player lanes (feed-batch.ts), a wager's on its holder's. */
  async function applyInLanes(
    caller: FeedCaller,
    run: readonly (ParsedLine & { at: number })[],
    answers: BatchLine[],
  ) {
    const owners = await ownersOf(caller, run);
    await runInLanes(
      run,
      (e) => laneOf(e.event, owners),
      BATCH_LANES,
      async (e) => {
        answers[e.at] = await applyLine(caller, e);
      },
    );
  }

  /** One event of a batch: never throws a refusal, answers it. */
  async function applyLine(caller: FeedCaller, { line, eventId, event }: ParsedLine) {
    try {
      const answer = await apply(caller, event);
      return {
        Line: line,
        EventId: answer.EventId,
        Outcome: answer.Outcome,
        Code: null,
        Message: null,
        Effect: answer.Effect,
      };
    } catch (error) {
      if (error instanceof AppError) return rejected(line, eventId, error.code, error.message);
      throw error;
    }
  }

  /**
   * NDJSON, each player's lines in order and a few players at once (feed-batch.ts), a line naming
   * no player alone in its place; answered in line order. Blank lines are skipped but counted, so
   * line numbers match the body's.
   */
  async function applyBatch(caller: FeedCaller, body: string): Promise<BatchAnswer> {
    const texts = body.split('\n');
    const lines = texts
      .map((text, i) => ({ text: text.trim(), line: i + 1 }))
      .filter((l) => l.text !== '');
    if (lines.length > BATCH_MAX_EVENTS)
      throw new ValidationError('batch_too_large', { max: BATCH_MAX_EVENTS });
    const answers: BatchLine[] = [];
    const events: (ParsedLine & { at: number })[] = [];
    for (const [at, { text, line }] of lines.entries()) {
      const parsed = parseLine(text, line);
      if ('event' in parsed) events.push({ ...parsed, at });
      else answers[at] = parsed;
    }
    // Runs of wagers placed and graded go set-based, chunk after chunk; the lines between them run
    // side by side by player as before.
    for (let i = 0; i < events.length;) {
      const chunked = isChunked(events[i]!.event);
      let j = i;
      while (j < events.length && isChunked(events[j]!.event) === chunked) j++;
      const run = events.slice(i, j);
      if (chunked) await applyRun(caller, run, answers);
      else await applyInLanes(caller, run, answers);
      i = j;
    }
    return {
      Lines: answers,
      Applied: answers.filter((a) => a.Outcome === 'applied').length,
      Duplicates: answers.filter((a) => a.Outcome === 'duplicate').length,
      Rejected: answers.filter((a) => a.Outcome === 'rejected').length,
    };
  }

  async function check(
    caller: FeedCaller,
    input: z.output<typeof WagerCheck>,
  ): Promise<WagerCheckAnswer> {
    const facts = await repo.acceptFacts(db, caller.siteId, input.Player);
    if (!facts) return { Accept: false, Reason: 'unknown_player', Available: 0 };
    const games = await repo.gamesByRef(db, caller.siteId, input.Games);
    const at = now();
    const refusal = acceptDecision(facts, {
      wagerType: input.WagerType,
      risk: input.Risk,
      toWin: input.ToWin,
      freePlay: input.FreePlay,
      at,
      // A leg per game asked about (a straight names one).
      legs: Math.max(1, input.Games.length),
      // A game the feed has not created yet cannot be closed, nor has a sport yet: the placing
      // itself waits for it, and its rules apply then.
      games: input.Games.map((ref) => ({
        ref,
        status: games.get(ref)?.status ?? 'scheduled',
        sport: games.get(ref)?.sport ?? '',
      })),
    });
    return {
      Accept: refusal === null,
      Reason: refusal?.reason ?? null,
      Available: available(facts, input.FreePlay, at),
    };
  }

  return { apply, applyBatch, check };
}

export type FeedService = ReturnType<typeof createFeedService>;
