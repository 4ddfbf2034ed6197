// The platform feed (DESIGN.md §8): the sportsbook, casino and cashier send their events here,
// server to server, signed with a site's integration key. Not part of `api`: no session calls it,
// and the web app never does; `platformApi` is its own list, registered under PLATFORM_API_BASE.
import { z } from 'zod';
import type { Endpoint } from '../core/endpoint.ts';
import { Timestamp } from '../core/endpoint.ts';
import { oneOf, PaymentMethod, Sport, WagerType } from '../core/enums.ts';
import { Limit } from '../core/limits.ts';
import { MAX_PAYMENT, Money } from '../core/money.ts';

export const DEFAULT_PLATFORM_BASE = '/api/platform/v1/';

/** What a key may do: send events (one or a batch), and ask the accept check. */
export const PLATFORM_SCOPES = ['events:write', 'wagers:check'] as const;
export const PlatformScope = oneOf(PLATFORM_SCOPES);
export type PlatformScope = z.infer<typeof PlatformScope>;

/** A feed call: a POST under the platform base, allowed to keys holding `scope`. */
export interface PlatformEndpoint<
  B extends z.ZodType = z.ZodType,
  R extends z.ZodType = z.ZodType,
> extends Omit<Endpoint<z.ZodType, B, R>, 'base' | 'audience' | 'method'> {
  method: 'POST';
  base: 'platform';
  audience: 'platform';
  scope: PlatformScope;
  body: B;
  /** The body's media type; JSON unless said. */
  contentType?: 'application/x-ndjson';
}

function platformEndpoint<B extends z.ZodType, R extends z.ZodType>(
  e: PlatformEndpoint<B, R>,
): PlatformEndpoint<B, R> {
  return e;
}

/** The platform's own id of a wager or a game: what later events name it by. */
const PlatformRef = z.string().trim().min(1, 'is required').max(64, 'is at most 64 characters');
/** A player or agent, by the login both sides know it by (the frames log-in uses it). */
const LoginRef = z.string().trim().min(1, 'is required').max(64, 'is at most 64 characters');
const Text = (max: number) => z.string().trim().max(max, `is at most ${max} characters`);
const Name = z.string().trim().min(1, 'is required').max(100, 'is at most 100 characters');

/**
 * An amount one event carries (a stake, a payment, a result, a limit): at most the largest payment,
 * so the balances and totals it adds to stay far inside the safe range.
 */
const Amount = Money.refine(
  (v) => Math.abs(v) <= MAX_PAYMENT,
  `is beyond the largest amount (${MAX_PAYMENT} minor units)`,
);
const PositiveAmount = Amount.refine((v) => v > 0, 'must be greater than zero');

export const BOOK_PRODUCTS = ['sports', 'casino', 'horses', 'rbl'] as const;
export const BookProduct = oneOf(BOOK_PRODUCTS);
export type BookProduct = z.infer<typeof BookProduct>;

export const MARKETS = ['spread', 'total', 'moneyline', 'prop', 'future'] as const;
export const Market = oneOf(MARKETS);

export const GradeResult = z.enum(['win', 'loss', 'push', 'noaction'], {
  error: 'must be win, loss, push or noaction',
});
export type GradeResult = z.infer<typeof GradeResult>;
/** American odds: at least +100 or at most -100. */
const Odds = z
  .number({ error: 'must be American odds' })
  .int('must be American odds')
  .refine((v) => v >= 100 || v <= -100, 'must be American odds (+100 or more, -100 or less)')
  .refine((v) => Math.abs(v) <= 100_000, 'is beyond any odds');
const Line = z
  .number({ error: 'must be a line' })
  .refine((v) => Number.isInteger(v * 10), 'must be a line in tenths')
  .refine((v) => Math.abs(v) < 10_000, 'is beyond any line');
const Score = z.number().int('must be a whole number').min(0).max(1000);

export const PlacedLeg = z.object({
  Game: PlatformRef,
  Market: Market,
  Selection: Name,
  Line: Line.nullable().default(null),
  Odds: Odds,
});

const envelope = { EventId: z.string().trim().min(1).max(128), OccurredAt: Timestamp };
const event = <T extends string, D extends z.ZodType>(type: T, data: D) =>
  z.object({ ...envelope, Type: z.literal(type), Data: data });

/** Every event the platform sends: its own id, the instant it happened there, a type and data. */
export const PlatformEvent = z.discriminatedUnion(
  'Type',
  [
    event(
      'agent.created',
      z.object({
        Agent: LoginRef,
        Parent: LoginRef,
        Name,
        Email: z.email({ error: 'must be an e-mail address' }).max(254),
        PlatformId: PlatformRef.optional(),
      }),
    ),
    event('agent.renamed', z.object({ Agent: LoginRef, Name })),
    /** Under another parent of the site: its whole subtree goes along (never under itself). */
    event('agent.moved', z.object({ Agent: LoginRef, Parent: LoginRef })),
    event('agent.deactivated', z.object({ Agent: LoginRef })),
    event(
      'player.created',
      z.object({
        Player: LoginRef,
        Agent: LoginRef,
        Name,
        Email: z.email({ error: 'must be an e-mail address' }).max(254).optional(),
        /** Left out: the agent's default for its new players. */
        CreditLimit: Limit.optional(),
        PlatformId: PlatformRef.optional(),
      }),
    ),
    event(
      'player.updated',
      z.object({
        Player: LoginRef,
        Name: Name.optional(),
        CreditLimit: Limit.optional(),
        MaxWager: Limit.optional(),
        ProductsOff: z.array(BookProduct).max(BOOK_PRODUCTS.length).optional(),
      }),
    ),
    /** To another agent: weeks before the move's week stay the old agent's (decision 021). */
    event('player.moved', z.object({ Player: LoginRef, Agent: LoginRef })),
    event('player.suspended', z.object({ Player: LoginRef })),
    event('player.reinstated', z.object({ Player: LoginRef })),
    event('player.closed', z.object({ Player: LoginRef })),
    /** A log-in on the platform: recorded in the player's log-in history (source platform). */
    event(
      'player.login',
      z.object({
        Player: LoginRef,
        Outcome: z.enum(['ok', 'failed'], { error: 'must be ok or failed' }).default('ok'),
        Ip: z.union([z.ipv4(), z.ipv6()], { error: 'must be an IPv4 or IPv6 address' }).optional(),
        /** ISO 3166 alpha-2, as the platform's own geolocation found it. */
        Country: z
          .string()
          .trim()
          .toUpperCase()
          .regex(/^[A-Z]{2}$/, 'must be a two-letter country code')
          .optional(),
        /** The platform's device fingerprint: only a hash of it is kept. */
        Device: Text(256).min(1, 'must not be empty').optional(),
      }),
    ),
    event(
      'game.created',
      z.object({
        Game: PlatformRef,
        Sport,
        League: Name,
        Home: Name,
        Away: Name,
        StartsAt: Timestamp,
      }),
    ),
    event('game.rescheduled', z.object({ Game: PlatformRef, StartsAt: Timestamp })),
    event('game.scored', z.object({ Game: PlatformRef, HomeScore: Score, AwayScore: Score })),
    event('game.final', z.object({ Game: PlatformRef, HomeScore: Score, AwayScore: Score })),
    event(
      'wager.placed',
      z.object({
        Wager: PlatformRef,
        Player: LoginRef,
        WagerType,
        Description: Text(200).default(''),
        Risk: PositiveAmount,
        ToWin: PositiveAmount,
        FreePlay: z.boolean().default(false),
        Legs: z.array(PlacedLeg).min(1, 'needs at least one leg').max(20),
      }),
    ),
    event(
      'wager.graded',
      z.object({
        Wager: PlatformRef,
        Result: GradeResult,
        /** Per leg in the placed order; without them every leg takes the wager's result. */
        Legs: z
          .array(
            z.object({
              Result: GradeResult,
              ClosingLine: Line.nullable().default(null),
              ClosingOdds: Odds.nullable().default(null),
            }),
          )
          .max(20)
          .optional(),
      }),
    ),
    event(
      'wager.regraded',
      z.object({ Wager: PlatformRef, Result: GradeResult, Reason: Text(200).default('') }),
    ),
    event('wager.voided', z.object({ Wager: PlatformRef, Reason: Text(200).default('') })),
    event(
      'product.result',
      z.object({
        Product: z.enum(['casino', 'horses', 'rbl'], { error: 'must be casino, horses or rbl' }),
        Player: LoginRef,
        /** Net for the session or day, from the player's side. */
        Amount: Amount,
        /** The platform's session or day the result closes, shown beside it. */
        Reference: Text(64).default(''),
      }),
    ),
    event(
      'payment.posted',
      z.object({
        Player: LoginRef,
        /** Positive: a receipt from the player; negative: a disbursement to the player. */
        Amount: Amount.refine((v) => v !== 0, 'must not be zero'),
        Method: PaymentMethod,
        Note: Text(200).default(''),
      }),
    ),
    event('freeplay.granted', z.object({ Player: LoginRef, Amount: PositiveAmount })),
  ],
  { error: 'is not a known event type' },
);
export type PlatformEvent = z.output<typeof PlatformEvent>;
export type PlatformEventType = PlatformEvent['Type'];

/** What an applied event did: the ids and figures it produced (a ticket, a balance). */
export const EventEffect = z.record(
  z.string(),
  z.union([z.string(), z.number(), z.boolean(), z.null()]),
);
export type EventEffect = z.infer<typeof EventEffect>;

export const EventOutcome = z.enum(['applied', 'duplicate']);

export const EventAnswer = z.object({
  EventId: z.string(),
  /** applied: this request applied it; duplicate: an earlier one did, and this changed nothing. */
  Outcome: EventOutcome,
  /** The first application's effect, the same on every repeat. */
  Effect: EventEffect,
});
export type EventAnswer = z.infer<typeof EventAnswer>;

export const sendEvent = platformEndpoint({
  method: 'POST',
  base: 'platform',
  path: 'events',
  summary:
    'Applies one platform event in its own transaction, once per (site, EventId): a repeat answers ' +
    'the first result and changes nothing; the same EventId with another body is a 409 ' +
    '(event_id_reused); an event that needs another first is a 409 to retry (wager_not_placed).',
  audience: 'platform',
  scope: 'events:write',
  body: PlatformEvent,
  response: EventAnswer,
});

export const BATCH_MAX_EVENTS = 10_000;

export const BatchLine = z.object({
  /** 1-based line number of the NDJSON body. */
  Line: z.number().int(),
  EventId: z.string().nullable(),
  Outcome: z.enum(['applied', 'duplicate', 'rejected']),
  /** Why a rejected line was refused: an error code, as error bodies carry, and its message. */
  Code: z.string().nullable(),
  Message: z.string().nullable(),
  Effect: EventEffect.nullable(),
});
export type BatchLine = z.infer<typeof BatchLine>;

export const BatchAnswer = z.object({
  Lines: z.array(BatchLine),
  Applied: z.number().int(),
  Duplicates: z.number().int(),
  Rejected: z.number().int(),
});
export type BatchAnswer = z.infer<typeof BatchAnswer>;

export const sendEventBatch = platformEndpoint({
  method: 'POST',
  base: 'platform',
  path: 'events:batch',
  summary:
    `Applies up to ${BATCH_MAX_EVENTS} events sent as NDJSON (one event per line, ` +
    'application/x-ndjson), in order, each in its own transaction, answered per line: applied, ' +
    'duplicate, or rejected with a code and message; a bad line loses nothing else.',
  audience: 'platform',
  scope: 'events:write',
  body: z.string(),
  response: BatchAnswer,
  contentType: 'application/x-ndjson',
});

/** DOMAIN.md's reasons a wager is refused. */
export const ACCEPT_REASONS = [
  'player_suspended',
  'product_off',
  'below_minimum',
  'over_maximum',
  'over_sport_maximum',
  'too_many_legs',
  'over_payout',
  'insufficient_credit',
  'insufficient_free_play',
  'unknown_player',
  'event_closed',
] as const;
export const AcceptReason = z.enum(ACCEPT_REASONS);
export type AcceptReason = z.infer<typeof AcceptReason>;

export const WagerCheck = z.object({
  Player: LoginRef,
  WagerType,
  Risk: PositiveAmount,
  ToWin: PositiveAmount,
  FreePlay: z.boolean().default(false),
  /** The games the wager's legs are on, by the platform's ids (each must be open). */
  Games: z.array(PlatformRef).max(20).default([]),
});

export const WagerCheckAnswer = z.object({
  Accept: z.boolean(),
  /** Why not, when refused. */
  Reason: AcceptReason.nullable(),
  /** What the player may still risk: credit limit + balance - open risk (free play: its balance). */
  Available: Money,
});
export type WagerCheckAnswer = z.infer<typeof WagerCheckAnswer>;

export const checkWager = platformEndpoint({
  method: 'POST',
  base: 'platform',
  path: 'wagers:check',
  summary:
    'Whether a wager would be accepted now, by the rule wager.placed applies: the player active, ' +
    'the product on for the player and every agent above, risk within the maximums, and within ' +
    'the available credit (free play: the free-play balance); a refusal names its reason.',
  audience: 'platform',
  scope: 'wagers:check',
  body: WagerCheck,
  response: WagerCheckAnswer,
});

/** Every feed call, keyed by name: what the server registers under PLATFORM_API_BASE. */
export const platformApi = {
  sendEvent,
  sendEventBatch,
  checkWager,
} as const;
export type PlatformApi = typeof platformApi;
