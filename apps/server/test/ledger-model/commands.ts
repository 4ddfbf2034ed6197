// The random operations of the model run and the commands that apply them to the model and to the
// ledger, one at a time or two and three at once, checking everything after each step.
import fc from 'fast-check';
import {
  apply,
  nextMidnight,
  sameOutcome,
  type Model,
  type Operation,
  type Outcome,
} from './model.ts';
import { differences } from './compare.ts';
import {
  feedDraft,
  HOUR,
  ledgerDraft,
  playerOf,
  resolve,
  resubmitted,
  type Draft,
} from './drafts.ts';
import type { Real } from './real.ts';

export interface Figures {
  runs: number;
  operations: number;
  concurrentSteps: number;
  clockMoves: number;
  checks: number;
  differences: number;
  outcomes: Record<string, number>;
}

/**
 * What the commands run against: the real ledger, and the figures the run reports. `readEvery`:
 * the reports are read at every so many checks (default each), the tables at every one.
 */
export interface Subject {
  real: Real;
  figures: Figures;
  readEvery?: number;
}

/** The reports at this check, or null when this one compares the tables only. */
const reportsNow = (m: Model, { real: r, figures, readEvery = 1 }: Subject) =>
  figures.checks % readEvery === 0 ? r.reports(m) : Promise.resolve(null);

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

function permutations(n: number): number[][] {
  if (n === 1) return [[0]];
  return permutations(n - 1).flatMap((p) =>
    Array.from({ length: n }, (_, i) => [...p.slice(0, i), n - 1, ...p.slice(i)]),
  );
}

const describe = (op: Operation) => JSON.stringify(op);
/** Counts an answer: ok, replayed, or a refusal by its code (its status when it has none). */
export const tally = (figures: Figures, outcome: Outcome) => {
  const name =
    outcome.status === 'ok'
      ? outcome.replayed
        ? 'replayed'
        : 'ok'
      : outcome.status !== 'error' && outcome.code !== undefined
        ? outcome.code
        : outcome.status;
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
export class Step implements fc.AsyncCommand<Model, Subject> {
  readonly drafts: Draft[];
  readonly focused: boolean;
  constructor(drafts: Draft[], focused: boolean) {
    this.drafts = drafts;
    this.focused = focused;
  }
  check = () => true;
  async run(m: Model, subject: Subject): Promise<void> {
    const { real: r, figures } = subject;
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
    const reports = await reportsNow(m, subject);
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

/** `site`: whose midnight, taken modulo the model's sites. */
type Move = { kind: 'by'; ms: number } | { kind: 'midnight'; offset: number; site: number };

/** Moves the clock on: by a while, or to just around the next local midnight of a site. */
export class Advance implements fc.AsyncCommand<Model, Subject> {
  readonly move: Move;
  constructor(move: Move) {
    this.move = move;
  }
  check = () => true;
  async run(m: Model, subject: Subject): Promise<void> {
    const { real: r, figures } = subject;
    const target =
      this.move.kind === 'by'
        ? m.now + this.move.ms
        : nextMidnight(m.sites[this.move.site % m.sites.length]!.timeZone, m.now) +
          this.move.offset;
    m.now = Math.max(m.now + 1, target);
    r.clock.now = m.now;
    figures.clockMoves++;
    check(
      figures,
      differences(m, await r.snapshot(), await reportsNow(m, subject)),
      this.toString(),
    );
  }
  toString(): string {
    return this.move.kind === 'by'
      ? `advance(${this.move.ms} ms)`
      : `midnight(site ${this.move.site}, ${this.move.offset} ms)`;
  }
}

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
      .tuple(fc.integer({ min: -1500, max: 1500 }), fc.nat(1))
      .map(([offset, site]) => ({ kind: 'midnight' as const, offset, site })),
  },
);

/** Two or three operations at once: anywhere, on one player, or one keyed posting sent again. */
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
    { weight: 1, arbitrary: resubmitted(keyOf).map((drafts) => new Step(drafts, false)) },
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
