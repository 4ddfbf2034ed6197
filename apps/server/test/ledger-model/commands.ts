// The random operations of the model run and the commands that apply them to the model and to the
// ledger, one at a time or two and three at once, checking everything after each step.
import fc from 'fast-check';
import { PAYMENT_METHODS } from '@backline/contract';
import {
  apply,
  nextMidnight,
  sameOutcome,
  type DirectType,
  type Model,
  type Operation,
  type Outcome,
  type Settlement,
} from './model.ts';
import { differences } from './compare.ts';
import type { Real } from './real.ts';

/** An operation before it meets the model: wagers and earlier keys are picked by index. */
type Draft =
  | Extract<Operation, { kind: 'place' }>
  | { kind: 'grade' | 'regrade'; pick: number; fit: boolean; result: Settlement }
  | { kind: 'void'; pick: number; fit: boolean }
  | {
      kind: 'payment';
      player: number;
      amount: number;
      method: string;
      key:
        | { use: 'none' }
        | { use: 'new'; key: string }
        | { use: 'repeat'; pick: number; same: boolean };
    }
  | Extract<Operation, { kind: 'entry' }>;

export interface Figures {
  runs: number;
  operations: number;
  concurrentSteps: number;
  clockMoves: number;
  checks: number;
  differences: number;
  outcomes: Record<string, number>;
}

/** What the commands run against: the real ledger, and the figures the run reports. */
export interface Subject {
  real: Real;
  figures: Figures;
}

export function emptyFigures(): Figures {
  return {
    runs: 0,
    operations: 0,
    concurrentSteps: 0,
    clockMoves: 0,
    checks: 0,
    differences: 0,
    outcomes: {},
  };
}

const PLAYERS = 4;
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

const ledgerDraft: fc.Arbitrary<Draft> = fc.oneof(
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
        {
          weight: 3,
          arbitrary: fc.uuid({ version: 4 }).map((key) => ({ use: 'new' as const, key })),
        },
        {
          weight: 2,
          arbitrary: fc.record({
            use: fc.constant('repeat' as const),
            pick: fc.nat(),
            same: fc.boolean(),
          }),
        },
      ),
    }),
  },
  {
    weight: 6,
    arbitrary: fc
      .record({
        kind: fc.constant('entry' as const),
        player,
        type: fc.constantFrom<DirectType>(3, 3, 4, 4, 5, 5, 6, 7),
        amount: fc.oneof(signed, fc.constant(0)),
      })
      // Free play is mostly granted; now and then some is taken back.
      .map((d) =>
        d.type === 4 && d.amount < 0 && d.amount % 4 !== 0 ? { ...d, amount: -d.amount } : d,
      ),
  },
);

/**
 * What the platform feed can send: every payment and direct entry carries its event's id as its
 * key; free play is only granted (freeplay.granted), casino, horses and rbl are results
 * (product.result); adjustments are the agents' own, never the platform's.
 */
const feedDraft: fc.Arbitrary<Draft> = fc
  .tuple(ledgerDraft, fc.uuid({ version: 4 }), fc.constantFrom<DirectType>(4, 5, 6, 7))
  .map(([d, id, type]): Draft => {
    const key = `feed:${id}`;
    if (d.kind === 'payment' && d.key.use === 'none') return { ...d, key: { use: 'new', key } };
    if (d.kind === 'payment' && d.key.use === 'new') return { ...d, key: { use: 'new', key } };
    if (d.kind !== 'entry') return d;
    const t = d.type === 3 ? type : d.type;
    return { ...d, type: t, amount: t === 4 ? Math.max(1, Math.abs(d.amount)) : d.amount, key };
  });

/** The draft made concrete against the model; null when there is nothing to pick from yet. */
function resolve(m: Model, d: Draft, focus: number | null): Operation | null {
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
      const base = { kind: 'payment' as const, method: d.method };
      const who = focus ?? d.player;
      if (d.key.use === 'none') return { ...base, player: who, amount: d.amount, key: null };
      if (d.key.use === 'new') return { ...base, player: who, amount: d.amount, key: d.key.key };
      const keys = [...m.keys.entries()];
      if (keys.length === 0) return null;
      const [key, first] = keys[d.key.pick % keys.length]!;
      return d.key.same
        ? { ...base, player: first.player, amount: first.amount, key }
        : { ...base, player: who, amount: d.amount, key };
    }
    default:
      return { ...d, player: focus ?? d.player };
  }
}

function playerOf(m: Model, op: Operation): number {
  return 'player' in op ? op.player : m.wagers.find((w) => w.id === op.wagerId)!.player;
}

function permutations(n: number): number[][] {
  if (n === 1) return [[0]];
  return permutations(n - 1).flatMap((p) =>
    Array.from({ length: n }, (_, i) => [...p.slice(0, i), n - 1, ...p.slice(i)]),
  );
}

const describe = (op: Operation) => JSON.stringify(op);
export const tally = (figures: Figures, outcome: Outcome) => {
  const name = outcome.status === 'ok' && outcome.replayed ? 'replayed' : outcome.status;
  figures.outcomes[name] = (figures.outcomes[name] ?? 0) + 1;
};

export function check(figures: Figures, found: string[], step: string): void {
  figures.checks++;
  if (found.length === 0) return;
  figures.differences += found.length;
  throw new Error(`${step}: ${found.length} differences\n${found.slice(0, 25).join('\n')}`);
}

/**
 * One step: a single operation, or two or three started together (all at the same instant). The
 * ledger must end as one of their serial orders: each order is tried on a copy of the model, and the
 * step passes when one of them gives the same answers and the same database as the real run.
 */
class Step implements fc.AsyncCommand<Model, Subject> {
  readonly drafts: Draft[];
  readonly focused: boolean;
  constructor(drafts: Draft[], focused: boolean) {
    this.drafts = drafts;
    this.focused = focused;
  }
  check = () => true;
  async run(m: Model, { real: r, figures }: Subject): Promise<void> {
    const ops: Operation[] = [];
    let focus: number | null = null;
    for (const d of this.drafts) {
      const op = resolve(m, d, focus);
      if (!op) continue;
      ops.push(op);
      if (this.focused && focus === null) focus = playerOf(m, op);
    }
    if (ops.length === 0) return;
    r.clock.now = m.now;
    const outcomes = await Promise.all(ops.map((op) => r.run(op)));
    const expect = r.expected ?? apply;
    const snapshot = await r.snapshot();
    const reports = await r.reports(m);
    let best: { model: Model; found: string[] } | undefined;
    for (const order of permutations(ops.length)) {
      const model = structuredClone(m);
      const found: string[] = [];
      for (const i of order) {
        const expected = expect(model, ops[i]!, outcomes[i]!);
        if (!sameOutcome(expected, outcomes[i]!))
          found.push(
            `${describe(ops[i]!)}: expected ${JSON.stringify(expected)}, got ${JSON.stringify(outcomes[i])}`,
          );
      }
      if (found.length === 0) found.push(...differences(model, snapshot, reports));
      if (!best || found.length < best.found.length) best = { model, found };
      if (found.length === 0) break;
    }
    Object.assign(m, best!.model);
    figures.operations += ops.length;
    if (ops.length > 1) figures.concurrentSteps++;
    outcomes.forEach((o) => tally(figures, o));
    check(figures, best!.found, this.toString());
  }
  toString(): string {
    const what = this.drafts.map((d) => JSON.stringify(d)).join(' & ');
    return this.drafts.length > 1 ? `together${this.focused ? '(one player)' : ''}[${what}]` : what;
  }
}

type Move = { kind: 'by'; ms: number } | { kind: 'midnight'; offset: number };

/** Moves the clock on: by a while, or to just around the next local midnight. */
class Advance implements fc.AsyncCommand<Model, Subject> {
  readonly move: Move;
  constructor(move: Move) {
    this.move = move;
  }
  check = () => true;
  async run(m: Model, { real: r, figures }: Subject): Promise<void> {
    const target =
      this.move.kind === 'by'
        ? m.now + this.move.ms
        : nextMidnight(m.timeZone, m.now) + this.move.offset;
    m.now = Math.max(m.now + 1, target);
    r.clock.now = m.now;
    figures.clockMoves++;
    check(figures, differences(m, await r.snapshot(), await r.reports(m)), this.toString());
  }
  toString(): string {
    return this.move.kind === 'by'
      ? `advance(${this.move.ms} ms)`
      : `midnight(${this.move.offset} ms)`;
  }
}

const HOUR = 3_600_000;
const move: fc.Arbitrary<Move> = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.integer({ min: 1, max: HOUR }).map((ms) => ({ kind: 'by' as const, ms })),
  },
  {
    weight: 3,
    arbitrary: fc.integer({ min: HOUR, max: 36 * HOUR }).map((ms) => ({ kind: 'by' as const, ms })),
  },
  {
    weight: 1,
    arbitrary: fc
      .integer({ min: 24 * HOUR, max: 9 * 24 * HOUR })
      .map((ms) => ({ kind: 'by' as const, ms })),
  },
  {
    weight: 2,
    arbitrary: fc
      .integer({ min: -1500, max: 1500 })
      .map((offset) => ({ kind: 'midnight' as const, offset })),
  },
);

/** Two or three operations at once: anywhere, on one player, or one payment submitted twice. */
const togetherOf = (
  draft: fc.Arbitrary<Draft>,
  keyOf: (uuid: string) => string,
): fc.Arbitrary<Step> =>
  fc.oneof(
    {
      weight: 3,
      arbitrary: fc
        .tuple(fc.array(draft, { minLength: 2, maxLength: 3 }), fc.boolean())
        .map(([drafts, focused]) => new Step(drafts, focused)),
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(
          player,
          signed,
          fc.uuid({ version: 4 }),
          fc.integer({ min: 2, max: 3 }),
          fc.option(player),
        )
        .map(([who, amount, key, times, other]) => {
          const payment = (p: number): Draft => ({
            kind: 'payment',
            player: p,
            amount,
            method: 'cash',
            key: { use: 'new', key: keyOf(key) },
          });
          // The same key again: a double submit, or (with another player) a key reused by mistake.
          const drafts = Array.from({ length: times }, (_, i) =>
            payment(i > 0 && other !== null ? other : who),
          );
          return new Step(drafts, false);
        }),
    },
  );

function commandsOf(
  draft: fc.Arbitrary<Draft>,
  keyOf: (uuid: string) => string,
): fc.Arbitrary<fc.AsyncCommand<Model, Subject>> {
  return fc.oneof(
    { weight: 12, arbitrary: draft.map((d) => new Step([d], false)) },
    { weight: 3, arbitrary: togetherOf(draft, keyOf) },
    { weight: 3, arbitrary: move.map((mv) => new Advance(mv)) },
  );
}

export const commandArbitraries: fc.Arbitrary<fc.AsyncCommand<Model, Subject>>[] = [
  commandsOf(ledgerDraft, (uuid) => uuid),
];

/** The same steps as the platform would send them (ledger-feed-model.test.ts adds its own). */
export const feedStepArbitrary = commandsOf(feedDraft, (uuid) => `feed:${uuid}`);

/** Where a run starts: shortly before a change of daylight saving time in New York, either way. */
export const startArbitrary = fc
  .tuple(
    fc.constantFrom(Date.parse('2026-10-28T14:00:00Z'), Date.parse('2026-03-04T15:00:00Z')),
    fc.integer({ min: 0, max: 8 * 24 * HOUR }),
  )
  .map(([anchor, offset]) => anchor + offset);
