// What a step of the model run draws: operations as drafts, which pick their wager, key or amount
// only when they meet the model (what there is to pick from depends on the steps before).
import fc from 'fast-check';
import { PAYMENT_METHODS, type WagerLimits } from '@backline/contract';
import type {
  Balance,
  DirectType,
  Keyed,
  Model,
  ModelLimits,
  Operation,
  Settlement,
} from './model.ts';

export const HOUR = 3_600_000;

/**
 * An idempotency key: none, a new one, or one posted before, sent again with its first body, with
 * the first body but this draft's method or reason (`nearly`), or with this draft's own body.
 */
type KeyDraft =
  | { use: 'none' }
  | { use: 'new'; key: string }
  /** `across`: the key may be one another kind of operation posted (a payment's, a correction's). */
  | { use: 'repeat'; pick: number; body: 'first' | 'nearly' | 'own'; across: boolean };

/** An operation before it meets the model: wagers and earlier keys are picked by index. */
export type Draft =
  | Extract<Operation, { kind: 'place' }>
  | { kind: 'grade' | 'regrade'; pick: number; fit: boolean; result: Settlement }
  | { kind: 'void'; pick: number; fit: boolean }
  | { kind: 'payment'; player: number; amount: number; method: string; key: KeyDraft }
  | Extract<Operation, { kind: 'entry' }>
  | {
      kind: 'adjustment';
      player: number;
      balance: Balance;
      amount: number;
      /** A free-play removal of the amount drawn, of all the player holds, or of one more. */
      removal: 'drawn' | 'whole' | 'overWhole';
      reason: string;
      key: Exclude<KeyDraft, { use: 'none' }>;
    }
  | ({ kind: 'limits'; player: number } & Omit<ModelLimits, 'creditLimit' | 'tempCreditUntil'> & {
        /** 'belowOpen': lowered below what the player has open (available -1). */
        creditLimit: number | 'belowOpen';
        /** When temporary credit ends, from the clock: mostly ahead, now and then passed. */
        tempCreditFor: number | null;
      })
  /** A settlement of the agent at `agent` (taken modulo the model's agents) with its master. */
  | Extract<Operation, { kind: 'agentPayment' }>;

/** Up to six players (a one-site world has four): a drawn index is taken modulo the model's. */
const PLAYERS = 6;
const player = fc.integer({ min: 0, max: PLAYERS - 1 });
const settlement = fc.constantFrom<Settlement>('win', 'loss', 'push', 'noaction');
const money = fc.oneof(
  { weight: 6, arbitrary: fc.integer({ min: 1, max: 150_000 }) },
  { weight: 1, arbitrary: fc.constantFrom(1, 99, 100, 1_000_000) },
);
const signed = fc.tuple(money, fc.boolean()).map(([n, negative]) => (negative ? -n : n));
/** Mostly a wager in a state the operation accepts; sometimes any wager, to meet the refusals too. */
const fit = fc.oneof(
  { weight: 4, arbitrary: fc.constant(true) },
  { weight: 1, arbitrary: fc.constant(false) },
);
const FITS = { grade: ['open'], regrade: ['graded'], void: ['open', 'graded'] } as const;

const newKey = fc.uuid({ version: 4 }).map((key) => ({ use: 'new' as const, key }));
const repeatKey = fc.record({
  use: fc.constant('repeat' as const),
  pick: fc.nat(),
  body: fc.constantFrom('first' as const, 'nearly' as const, 'own' as const),
  across: fc.boolean(),
});
const reason = fc.constantFrom('Goodwill', 'Wrong grade corrected', 'Promotion');

/** A limit now and then; mostly none, so that most wagers meet the rest of the rule. */
const sometimes = (min: number, max: number) =>
  fc.oneof(
    { weight: 2, arbitrary: fc.constant(null) },
    { weight: 1, arbitrary: fc.integer({ min, max }) },
  );
const present = <K extends string>(entries: [K, number | null][]) =>
  Object.fromEntries(entries.filter(([, v]) => v !== null)) as Partial<Record<K, number>>;

/** Wager limits as the contract takes them: a minimum of a type never above its maximum. */
const wagerLimits: fc.Arbitrary<WagerLimits> = fc
  .record({
    min: fc.tuple(sometimes(1, 30_000), sometimes(1, 30_000)),
    max: fc.tuple(sometimes(5_000, 60_000), sometimes(5_000, 60_000)),
    sport: fc.tuple(sometimes(5_000, 60_000), sometimes(5_000, 60_000)),
    legs: sometimes(2, 3),
    payout: sometimes(10_000, 120_000),
  })
  .map(({ min, max, sport, legs, payout }) => ({
    MinByType: present([
      ['straight', max[0] === null || min[0] === null ? min[0] : Math.min(min[0], max[0])],
      ['parlay', max[1] === null || min[1] === null ? min[1] : Math.min(min[1], max[1])],
    ]),
    MaxByType: present([
      ['straight', max[0]],
      ['parlay', max[1]],
    ]),
    MaxBySport: present([
      ['NFL', sport[0]],
      ['NBA', sport[1]],
    ]),
    MaxParlayLegs: legs,
    MaxParlayPayout: payout,
  }));

const limitsDraft: fc.Arbitrary<Draft> = fc.record({
  kind: fc.constant('limits' as const),
  player,
  creditLimit: fc.oneof(
    { weight: 2, arbitrary: fc.integer({ min: 0, max: 300_000 }) },
    { weight: 1, arbitrary: fc.constant('belowOpen' as const) },
  ),
  tempCredit: fc.oneof(
    { weight: 1, arbitrary: fc.constant(0) },
    { weight: 1, arbitrary: fc.integer({ min: 1, max: 100_000 }) },
  ),
  // Mostly ending within the clock's next moves, so that wagers meet it before and after.
  tempCreditFor: fc.oneof(
    { weight: 1, arbitrary: fc.constant(null) },
    { weight: 1, arbitrary: fc.integer({ min: -HOUR, max: 0 }) },
    { weight: 3, arbitrary: fc.integer({ min: 1, max: 2 * HOUR }) },
    { weight: 2, arbitrary: fc.integer({ min: 2 * HOUR, max: 72 * HOUR }) },
  ),
  maxWager: fc.oneof(
    { weight: 3, arbitrary: fc.constant(0) },
    { weight: 1, arbitrary: fc.integer({ min: 5_000, max: 60_000 }) },
  ),
  wagerLimits,
});

/** An agent's settlement with its master: a master drawn now and then, which is refused. */
const agentPaymentDraft: fc.Arbitrary<Draft> = fc.record({
  kind: fc.constant('agentPayment' as const),
  agent: fc.nat(),
  amount: signed,
  method: fc.constantFrom(...PAYMENT_METHODS),
});

const ledgerDrafts = (
  limitsWeight: number,
  ...more: fc.WeightedArbitrary<Draft>[]
): fc.Arbitrary<Draft> =>
  fc.oneof(
    {
      weight: 6,
      arbitrary: fc.record({
        kind: fc.constant('place' as const),
        player,
        risk: fc.integer({ min: 1, max: 60_000 }),
        toWin: fc.integer({ min: 1, max: 120_000 }),
        freePlay: fc.oneof(
          { weight: 3, arbitrary: fc.constant(false) },
          { weight: 1, arbitrary: fc.constant(true) },
        ),
        legs: fc.integer({ min: 1, max: 3 }),
      }),
    },
    {
      weight: 5,
      arbitrary: fc.record({
        kind: fc.constant('grade' as const),
        pick: fc.nat(),
        fit,
        result: settlement,
      }),
    },
    {
      weight: 3,
      arbitrary: fc.record({
        kind: fc.constant('regrade' as const),
        pick: fc.nat(),
        fit,
        result: settlement,
      }),
    },
    {
      weight: 3,
      arbitrary: fc.record({ kind: fc.constant('void' as const), pick: fc.nat(), fit: fit }),
    },
    {
      weight: 6,
      arbitrary: fc.record({
        kind: fc.constant('payment' as const),
        player,
        amount: signed,
        method: fc.constantFrom(...PAYMENT_METHODS),
        key: fc.oneof(
          { weight: 1, arbitrary: fc.constant({ use: 'none' as const }) },
          { weight: 3, arbitrary: newKey },
          { weight: 2, arbitrary: repeatKey },
        ),
      }),
    },
    {
      weight: 4,
      arbitrary: fc
        .record({
          kind: fc.constant('entry' as const),
          player,
          type: fc.constantFrom<DirectType>(4, 5, 5, 6, 7),
          amount: fc.oneof(signed, fc.constant(0)),
        })
        // The platform only grants free play; an agent's removal is a correction.
        .map((d) => (d.type === 4 ? { ...d, amount: Math.max(1, Math.abs(d.amount)) } : d)),
    },
    {
      weight: 5,
      arbitrary: fc.record({
        kind: fc.constant('adjustment' as const),
        player,
        balance: fc.constantFrom<Balance>('real', 'freePlay'),
        amount: signed,
        removal: fc.constantFrom(
          'drawn' as const,
          'drawn' as const,
          'whole' as const,
          'overWhole' as const,
        ),
        reason,
        key: fc.oneof({ weight: 3, arbitrary: newKey }, { weight: 2, arbitrary: repeatKey }),
      }),
    },
    { weight: limitsWeight, arbitrary: limitsDraft },
    ...(more as [fc.WeightedArbitrary<Draft>]),
  );

/**
 * What the ledger model draws: limits now and then, which the ledger shows only in standing, and
 * the agents' settlements, which cash flow shows.
 */
export const ledgerDraft = ledgerDrafts(1, { weight: 3, arbitrary: agentPaymentDraft });

/**
 * What the feed model draws: every payment and direct entry carries its platform event's id as its
 * key (free play granted, product results); the agents' corrections and limits, more often here
 * where the accept rule reads them, come in beside the feed with the agents' own keys, which never
 * meet the platform's.
 */
export const feedDraft: fc.Arbitrary<Draft> = fc
  .tuple(ledgerDrafts(6), fc.uuid({ version: 4 }))
  .map(([d, id]): Draft => {
    if (d.kind === 'entry') return { ...d, key: `feed:${id}` };
    if (d.kind === 'payment' && d.key.use !== 'repeat')
      return { ...d, key: { use: 'new', key: `feed:${id}` } };
    if ((d.kind === 'payment' || d.kind === 'adjustment') && d.key.use === 'repeat')
      return { ...d, key: { ...d.key, across: false } };
    return d;
  });

/**
 * The same keyed posting sent two or three times at once: a double submit, or (with another
 * player) a key reused by mistake. Payments as the platform or an agent sends them, corrections
 * always with an agent's key.
 */
export const resubmitted = (keyOf: (uuid: string) => string): fc.Arbitrary<Draft[]> =>
  fc
    .tuple(
      player,
      signed,
      fc.uuid({ version: 4 }),
      fc.integer({ min: 2, max: 3 }),
      fc.option(player),
      fc.constantFrom<Balance | 'payment'>('payment', 'payment', 'real', 'freePlay'),
    )
    .map(([who, amount, uuid, times, other, what]) =>
      Array.from({ length: times }, (_, i): Draft => {
        const p = i > 0 && other !== null ? other : who;
        return what === 'payment'
          ? {
              kind: 'payment',
              player: p,
              amount,
              method: 'cash',
              key: { use: 'new', key: keyOf(uuid) },
            }
          : {
              kind: 'adjustment',
              player: p,
              balance: what,
              amount,
              removal: 'drawn',
              reason: 'Sent twice',
              key: { use: 'new', key: uuid },
            };
      }),
    );

/** The key a keyed operation posts with: none (a payment only), a new one, or one posted before. */
function keyed(m: Model, own: Keyed, key: KeyDraft): Keyed | null {
  if (key.use === 'none') return own;
  if (key.use === 'new') return { ...own, key: key.key };
  const keys = [...m.keys.entries()].filter(([, f]) => key.across || f.op.kind === own.kind);
  if (keys.length === 0) return null;
  const { op: first } = keys[key.pick % keys.length]![1];
  if (key.body === 'own') return { ...own, key: first.key! };
  // One field apart: a payment's method (which its key does not hold), a correction's reason.
  if (key.body === 'nearly' && first.kind === 'payment' && own.kind === 'payment')
    return { ...first, method: own.method };
  if (key.body === 'nearly' && first.kind === 'adjustment' && own.kind === 'adjustment')
    return { ...first, reason: own.reason };
  return first;
}

/** The draft made concrete against the model; null when there is nothing to pick from yet. */
export function resolve(m: Model, d: Draft, focus: number | null): Operation | null {
  if ('player' in d) d = { ...d, player: d.player % m.players.length };
  switch (d.kind) {
    case 'grade':
    case 'regrade':
    case 'void': {
      const fitting = d.fit
        ? m.wagers.filter((w) => (FITS[d.kind] as readonly string[]).includes(w.status))
        : m.wagers;
      const pool = fitting.length > 0 ? fitting : m.wagers;
      const own = focus === null ? [] : pool.filter((w) => w.player === focus);
      const list = own.length > 0 ? own : pool;
      if (list.length === 0) return null;
      const w = list[d.pick % list.length]!;
      return d.kind === 'void'
        ? { kind: 'void', wagerId: w.id }
        : { kind: d.kind, wagerId: w.id, result: d.result };
    }
    case 'payment': {
      const { key, ...rest } = d;
      return keyed(m, { ...rest, player: focus ?? d.player, key: null }, key);
    }
    case 'adjustment': {
      const { key, removal, ...rest } = d;
      const who = focus ?? d.player;
      const held = m.players[who]!.freePlay;
      let amount = d.amount;
      if (d.balance === 'freePlay' && amount < 0 && removal === 'whole' && held > 0) amount = -held;
      if (d.balance === 'freePlay' && amount < 0 && removal === 'overWhole') amount = -(held + 1);
      // Its key is always drawn: an agent's correction carries one.
      return keyed(m, { ...rest, player: who, amount, key: '' }, key);
    }
    case 'limits': {
      const { creditLimit, tempCreditFor, ...rest } = d;
      const who = focus ?? d.player;
      const p = m.players[who]!;
      return {
        ...rest,
        player: who,
        creditLimit:
          creditLimit === 'belowOpen' ? Math.max(0, p.atRisk - p.balance - 1) : creditLimit,
        tempCreditUntil: tempCreditFor === null ? null : m.now + tempCreditFor,
      };
    }
    case 'agentPayment':
      return { ...d, agent: d.agent % m.agents.length };
    default:
      return { ...d, player: focus ?? d.player };
  }
}

/** The player an operation is about; null for an agent's settlement. */
export function playerOf(m: Model, op: Operation): number | null {
  if (op.kind === 'agentPayment') return null;
  return 'player' in op ? op.player : m.wagers.find((w) => w.id === op.wagerId)!.player;
}
