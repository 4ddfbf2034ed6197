// The real side of the model run, driven through the platform feed: the same small site, its
// operations sent as signed events to a real app over HTTP (inject), one by one or as a batch of
// NDJSON lines, each outcome read from the answer; the applied events kept verbatim so the
// platform's duplicates can be sent again. An agent's corrections and limits come in beside the
// feed, through the services the back office calls.
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { platformApi, type BatchAnswer } from '@backline/contract';
import type { Db } from '../../src/db/query.ts';
import { events } from '../../src/db/schema.ts';
import { createPlatformKeysService } from '../../src/platform/platform-keys-service.ts';
import { sendFeed, type FeedKey } from '../security/feed-send.ts';
import { gameOfLeg, GAMES, refusal, wagerTypeOf } from './accept.ts';
import { apply, type Model, type Operation, type Outcome, type Settlement } from './model.ts';
import type { Real } from './real.ts';

export interface FeedAnswer {
  status: number;
  code: string | null;
  outcome: 'applied' | 'duplicate' | null;
  effect: Record<string, unknown> | null;
}

/** A line of a batch's answer. */
export interface BatchLineAnswer {
  outcome: 'applied' | 'duplicate' | 'rejected';
  code: string | null;
  effect: Record<string, unknown> | null;
}

type Placing = Extract<Operation, { kind: 'place' }>;

/** A leg's grade as the platform sends it: its result, and its closing figures when it has them. */
export interface GradedLeg {
  Result: Settlement;
  ClosingLine: number | null;
  ClosingOdds: number | null;
}

export interface FeedReal extends Real {
  /** Sends one event's JSON as it is, signed with the site's key. */
  send(body: string): Promise<FeedAnswer>;
  /** Sends events' JSON as one NDJSON batch, signed with the site's key; answers each line. */
  sendBatch(bodies: string[]): Promise<BatchLineAnswer[]>;
  /** Every event applied so far, verbatim, with the effect its first application answered. */
  applied: { body: string; effect: Record<string, unknown> }[];
  /** The platform id the next placing will use (an early grade names it before it exists). */
  reserveRef(): string;
  /** A platform id no wager has yet, for a placing sent by the caller (in a batch). */
  newRef(): string;
  /** The platform's id of a wager the feed placed, and its number of legs. */
  wagerRef(wagerId: number): { ref: string; legs: number } | undefined;
  /** A new event placing `op` under the platform id `ref`, at the clock's instant. */
  placingBody(op: Placing, ref: string): string;
  /** A new event grading the wager `ref`, with a grade per leg when `legs` is given. */
  gradingBody(ref: string, result: Settlement, legs?: GradedLeg[]): string;
}

const PRODUCT = { 5: 'casino', 6: 'horses', 7: 'rbl' } as const;

/** The model's rules plus the feed's accept rule, which placing applies (feed-accept.ts). */
export function expectedThroughFeed(m: Model, op: Operation, real: Outcome): Outcome {
  const code = op.kind === 'place' ? refusal(m, op) : null;
  return code ? { status: 'conflict', code } : apply(m, op, real);
}

function outcomeOf(
  answer: FeedAnswer,
  read: (effect: Record<string, unknown>) => Outcome,
): Outcome {
  if (answer.status === 200 && answer.effect) return read(answer.effect);
  const code = answer.code ?? undefined;
  if (answer.status === 409) return { status: 'conflict', code };
  if (answer.status === 400) return { status: 'validation', code };
  if (answer.status === 404) return { status: 'notfound', code };
  return { status: 'error', message: `${answer.status} ${answer.code}` };
}

/** Wraps a model run's site: a key of its own, its games named by the platform's ids. */
export async function throughFeed(
  app: FastifyInstance,
  db: Db,
  secretKey: Buffer,
  base: Real,
  model: Model,
): Promise<FeedReal> {
  const now = () => new Date(base.clock.now);
  const [first, ...more] = GAMES;
  await db.update(events).set({ externalId: first.ref }).where(eq(events.id, base.eventId));
  await db.insert(events).values(
    more.map((g) => ({
      siteId: base.siteId,
      externalId: g.ref,
      sport: g.sport,
      league: g.sport,
      home: 'Home',
      away: 'Away',
      startsAt: new Date(base.clock.now),
    })),
  );
  const key: FeedKey = await createPlatformKeysService({ db, now, secretKey }).createForSite(
    base.siteId,
    { label: 'model run' },
  );
  const applied: FeedReal['applied'] = [];
  /** Each wager the feed placed, by its id: the platform's id and its legs. */
  const refs = new Map<number, { ref: string; legs: number }>();
  /** The bodies sent under each payment's event id (one per player, amount and method). */
  const payments = new Map<
    string,
    { body: string; player: number; amount: number; method: string }[]
  >();
  let wagers = 0;
  let reserved: string | null = null;
  let events_ = 0;

  async function send(body: string): Promise<FeedAnswer> {
    const res = await sendFeed(app, platformApi.sendEvent, body, now, { key });
    const json = JSON.parse(res.body) as Record<string, unknown>;
    const answer: FeedAnswer = {
      status: res.status,
      code: typeof json.Code === 'string' ? json.Code : null,
      outcome: res.status === 200 ? (json.Outcome as FeedAnswer['outcome']) : null,
      effect: res.status === 200 ? (json.Effect as Record<string, unknown>) : null,
    };
    if (answer.outcome === 'applied') applied.push({ body, effect: answer.effect! });
    return answer;
  }

  async function sendBatch(bodies: string[]): Promise<BatchLineAnswer[]> {
    const res = await sendFeed(app, platformApi.sendEventBatch, bodies.join('\n'), now, { key });
    if (res.status !== 200) throw new Error(`batch answered ${res.status}: ${res.body}`);
    const json = JSON.parse(res.body) as BatchAnswer;
    if (json.Lines.length !== bodies.length)
      throw new Error(`batch of ${bodies.length} lines answered ${json.Lines.length}`);
    return json.Lines.map((line, i) => {
      if (line.Line !== i + 1) throw new Error(`batch line ${i + 1} answered as ${line.Line}`);
      const answer: BatchLineAnswer = {
        outcome: line.Outcome,
        code: line.Code,
        effect: line.Effect,
      };
      if (answer.outcome === 'applied') {
        const body = bodies[i]!;
        applied.push({ body, effect: answer.effect! });
        const sent = JSON.parse(body) as { Type: string; Data: { Wager: string; Legs: unknown[] } };
        if (sent.Type === 'wager.placed')
          refs.set(answer.effect!.IdWager as number, {
            ref: sent.Data.Wager,
            legs: sent.Data.Legs.length,
          });
      }
      return answer;
    });
  }

  const event = (type: string, data: object, eventId = `m${base.siteId}-${++events_}`) =>
    JSON.stringify({
      EventId: eventId,
      OccurredAt: now().toISOString(),
      Type: type,
      Data: data,
    });
  const login = (player: number) => model.players[player]!.login;
  const ok = () => ({ status: 'ok' }) as const;

  const placingBody = (op: Placing, ref: string) =>
    event('wager.placed', {
      Wager: ref,
      Player: login(op.player),
      WagerType: wagerTypeOf(op),
      Description: `Model wager of ${op.legs}`,
      Risk: op.risk,
      ToWin: op.toWin,
      FreePlay: op.freePlay,
      Legs: Array.from({ length: op.legs }, (_, i) => ({
        Game: gameOfLeg(i).ref,
        Market: 'spread',
        Selection: `Home -${i + 1}.5`,
        Line: -(i + 1.5),
        Odds: -110,
      })),
    });
  const gradingBody = (Wager: string, Result: Settlement, Legs?: GradedLeg[]) =>
    event('wager.graded', Legs ? { Wager, Result, Legs } : { Wager, Result });

  async function run(op: Operation): Promise<Outcome> {
    switch (op.kind) {
      case 'place': {
        const ref = reserved ?? `W${++wagers}`;
        reserved = null;
        const answer = await send(placingBody(op, ref));
        return outcomeOf(answer, (effect) => {
          refs.set(effect.IdWager as number, { ref, legs: op.legs });
          return { status: 'ok', wagerId: effect.IdWager as number };
        });
      }
      case 'grade':
      case 'regrade':
      case 'void': {
        const Wager = refs.get(op.wagerId)!.ref;
        const body =
          op.kind === 'void'
            ? event('wager.voided', { Wager, Reason: 'Model' })
            : op.kind === 'grade'
              ? gradingBody(Wager, op.result)
              : event('wager.regraded', { Wager, Result: op.result, Reason: 'Model regrade' });
        return outcomeOf(await send(body), ok);
      }
      case 'payment': {
        const eventId = (op.key ?? `feed:p${base.siteId}-${++events_}`).replace(/^feed:/, '');
        // The platform's duplicate is the same event again, byte for byte (whichever of its
        // bodies was applied first); anything else under the same id is another body.
        const sent = payments.get(eventId) ?? [];
        payments.set(eventId, sent);
        let body = sent.find(
          (b) => b.player === op.player && b.amount === op.amount && b.method === op.method,
        )?.body;
        if (!body) {
          body = event(
            'payment.posted',
            { Player: login(op.player), Amount: op.amount, Method: op.method },
            eventId,
          );
          sent.push({ body, player: op.player, amount: op.amount, method: op.method });
        }
        const answer = await send(body);
        return outcomeOf(answer, (effect) => ({
          status: 'ok',
          entryId: effect.IdEntry as number,
          replayed: answer.outcome === 'duplicate',
        }));
      }
      case 'entry': {
        const eventId = (op.key ?? `feed:e${base.siteId}-${++events_}`).replace(/^feed:/, '');
        const body =
          op.type === 4
            ? event('freeplay.granted', { Player: login(op.player), Amount: op.amount }, eventId)
            : event(
                'product.result',
                { Product: PRODUCT[op.type], Player: login(op.player), Amount: op.amount },
                eventId,
              );
        return outcomeOf(await send(body), ok);
      }
      // The agents' own (corrections, limits, settlements): never the platform's.
      case 'adjustment':
      case 'limits':
      case 'agentPayment':
        return base.run(op);
    }
  }

  return {
    ...base,
    run: (op) =>
      run(op).catch((error: Error) => ({ status: 'error', message: error.message }) as const),
    expected: expectedThroughFeed,
    send,
    sendBatch,
    applied,
    reserveRef: () => (reserved = `W${++wagers}`),
    newRef: () => `W${++wagers}`,
    wagerRef: (wagerId) => refs.get(wagerId),
    placingBody,
    gradingBody,
  };
}
