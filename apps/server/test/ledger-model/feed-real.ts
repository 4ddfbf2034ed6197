// The real side of the model run, driven through the platform feed: the same small site, its
// operations sent as signed events to a real app over HTTP (inject), each outcome read from the
// answer; the applied events kept verbatim so the platform's duplicates can be sent again.
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { platformApi } from '@backline/contract';
import type { Db } from '../../src/db/client.ts';
import { events } from '../../src/db/schema.ts';
import { createPlatformKeysService } from '../../src/platform/platform-keys-service.ts';
import { sendFeed, type FeedKey } from '../security/feed-send.ts';
import { apply, type Model, type Operation, type Outcome } from './model.ts';
import type { Real } from './real.ts';

export interface FeedAnswer {
  status: number;
  code: string | null;
  outcome: 'applied' | 'duplicate' | null;
  effect: Record<string, unknown> | null;
}

export interface FeedReal extends Real {
  /** Sends one event's JSON as it is, signed with the site's key. */
  send(body: string): Promise<FeedAnswer>;
  /** Every event applied so far, verbatim, with the effect its first application answered. */
  applied: { body: string; effect: Record<string, unknown> }[];
  /** The platform id the next placing will use (an early grade names it before it exists). */
  reserveRef(): string;
}

const PRODUCT = { 5: 'casino', 6: 'horses', 7: 'rbl' } as const;
const GAME = 'G1';

/** The model's rules plus the feed's accept check, which placing applies (feed-accept.ts). */
export function expectedThroughFeed(m: Model, op: Operation, real: Outcome): Outcome {
  if (op.kind === 'place') {
    const p = m.players[op.player]!;
    const available = op.freePlay ? p.freePlay : p.creditLimit + p.balance - p.atRisk;
    if (op.risk > available) return { status: 'conflict' };
  }
  return apply(m, op, real);
}

function outcomeOf(answer: FeedAnswer, read: (effect: Record<string, unknown>) => Outcome) {
  if (answer.status === 200 && answer.effect) return read(answer.effect);
  if (answer.status === 409) return { status: 'conflict' } as const;
  if (answer.status === 400) return { status: 'validation' } as const;
  if (answer.status === 404) return { status: 'notfound' } as const;
  return { status: 'error', message: `${answer.status} ${answer.code}` } as const;
}

/** Wraps a model run's site: a key of its own, the game named by the platform's id. */
export async function throughFeed(
  app: FastifyInstance,
  db: Db,
  secretKey: Buffer,
  base: Real,
  model: Model,
): Promise<FeedReal> {
  const now = () => new Date(base.clock.now);
  await db.update(events).set({ externalId: GAME }).where(eq(events.id, base.eventId));
  const key: FeedKey = await createPlatformKeysService({ db, now, secretKey }).createForSite(
    base.siteId,
    { label: 'model run' },
  );
  const applied: FeedReal['applied'] = [];
  const refs = new Map<number, string>();
  /** The bodies sent under each payment's event id (one per player and amount), with what they pay. */
  const payments = new Map<string, { body: string; player: number; amount: number }[]>();
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

  const event = (type: string, data: object, eventId = `m${base.siteId}-${++events_}`) =>
    JSON.stringify({
      EventId: eventId,
      OccurredAt: now().toISOString(),
      Type: type,
      Data: data,
    });
  const login = (player: number) => model.players[player]!.login;
  const ok = () => ({ status: 'ok' }) as const;

  async function run(op: Operation): Promise<Outcome> {
    switch (op.kind) {
      case 'place': {
        const ref = reserved ?? `W${++wagers}`;
        reserved = null;
        const answer = await send(
          event('wager.placed', {
            Wager: ref,
            Player: login(op.player),
            WagerType: op.legs > 1 ? 'parlay' : 'straight',
            Description: `Model wager of ${op.legs}`,
            Risk: op.risk,
            ToWin: op.toWin,
            FreePlay: op.freePlay,
            Legs: Array.from({ length: op.legs }, (_, i) => ({
              Game: GAME,
              Market: 'spread',
              Selection: `Home -${i + 1}.5`,
              Line: -(i + 1.5),
              Odds: -110,
            })),
          }),
        );
        return outcomeOf(answer, (effect) => {
          refs.set(effect.IdWager as number, ref);
          return { status: 'ok', wagerId: effect.IdWager as number };
        });
      }
      case 'grade':
      case 'regrade':
      case 'void': {
        const Wager = refs.get(op.wagerId)!;
        const body =
          op.kind === 'void'
            ? event('wager.voided', { Wager, Reason: 'Model' })
            : op.kind === 'grade'
              ? event('wager.graded', { Wager, Result: op.result })
              : event('wager.regraded', { Wager, Result: op.result, Reason: 'Model regrade' });
        return outcomeOf(await send(body), ok);
      }
      case 'payment': {
        const eventId = (op.key ?? `feed:p${base.siteId}-${++events_}`).replace(/^feed:/, '');
        // The platform's duplicate is the same event again, byte for byte (whichever of its
        // bodies was applied first); anything else under the same id is another body.
        const sent = payments.get(eventId) ?? [];
        payments.set(eventId, sent);
        let body = sent.find((b) => b.player === op.player && b.amount === op.amount)?.body;
        if (!body) {
          body = event(
            'payment.posted',
            { Player: login(op.player), Amount: op.amount, Method: op.method },
            eventId,
          );
          sent.push({ body, player: op.player, amount: op.amount });
        }
        const answer = await send(body);
        return outcomeOf(answer, (effect) => ({
          status: 'ok',
          paymentId: effect.IdEntry as number,
          replayed: answer.outcome === 'duplicate',
        }));
      }
      case 'entry': {
        const eventId = (op.key ?? `feed:e${base.siteId}-${++events_}`).replace(/^feed:/, '');
        const body =
          op.type === 4
            ? event('freeplay.granted', { Player: login(op.player), Amount: op.amount }, eventId)
            : op.type === 3
              ? null
              : event(
                  'product.result',
                  { Product: PRODUCT[op.type], Player: login(op.player), Amount: op.amount },
                  eventId,
                );
        if (!body) return { status: 'error', message: 'the platform sends no adjustments' };
        return outcomeOf(await send(body), ok);
      }
    }
  }

  return {
    ...base,
    run: (op) =>
      run(op).catch((error: Error) => ({ status: 'error', message: error.message }) as const),
    expected: expectedThroughFeed,
    send,
    applied,
    reserveRef: () => (reserved = `W${++wagers}`),
  };
}
