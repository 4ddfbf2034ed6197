// What only the feed adds to the model run: the platform sending an applied event again (answered
// as a duplicate with its first effect, changing nothing), and a grade that arrives before its
// placing (refused as retryable, changing nothing, then applied when sent again after it).
import fc from 'fast-check';
import { check, tally, type Subject } from './commands.ts';
import { differences } from './compare.ts';
import type { FeedReal } from './feed-real.ts';
import { sameOutcome, type Model, type Operation, type Settlement } from './model.ts';

/** An effect as text whatever its keys' order (the first one is kept as jsonb, which sorts them). */
const canonical = (effect: Record<string, unknown> | null) =>
  JSON.stringify(Object.entries(effect ?? {}).sort(([a], [b]) => (a < b ? -1 : 1)));

async function compared(m: Model, r: FeedReal, found: string[]): Promise<string[]> {
  return [...found, ...differences(m, await r.snapshot(), await r.reports(m))];
}

class Resend implements fc.AsyncCommand<Model, Subject> {
  readonly pick: number;
  constructor(pick: number) {
    this.pick = pick;
  }
  check = () => true;
  async run(m: Model, { real, figures }: Subject): Promise<void> {
    const r = real as FeedReal;
    if (r.applied.length === 0) return;
    const first = r.applied[this.pick % r.applied.length]!;
    r.clock.now = m.now;
    const answer = await r.send(first.body);
    const found: string[] = [];
    if (answer.status !== 200 || answer.outcome !== 'duplicate')
      found.push(`sent again: ${answer.status} ${answer.outcome ?? answer.code}, not a duplicate`);
    else if (canonical(answer.effect) !== canonical(first.effect))
      found.push(
        `sent again: ${JSON.stringify(answer.effect)}, first ${JSON.stringify(first.effect)}`,
      );
    figures.operations++;
    figures.outcomes.duplicate = (figures.outcomes.duplicate ?? 0) + 1;
    check(figures, await compared(m, r, found), this.toString());
  }
  toString(): string {
    return `resend(${this.pick})`;
  }
}

type Placing = Extract<Operation, { kind: 'place' }>;

class EarlyGrade implements fc.AsyncCommand<Model, Subject> {
  readonly placing: Placing;
  readonly result: Settlement;
  constructor(placing: Placing, result: Settlement) {
    this.placing = placing;
    this.result = result;
  }
  check = () => true;
  async run(m: Model, { real, figures }: Subject): Promise<void> {
    const r = real as FeedReal;
    r.clock.now = m.now;
    const Wager = r.reserveRef();
    const grade = JSON.stringify({
      EventId: `early-${r.siteId}-${Wager}`,
      OccurredAt: new Date(m.now).toISOString(),
      Type: 'wager.graded',
      Data: { Wager, Result: this.result },
    });
    const found: string[] = [];
    const early = await r.send(grade);
    if (early.status !== 409 || early.code !== 'wager_not_placed')
      found.push(`grade before its placing: ${early.status} ${early.code}, not wager_not_placed`);
    check(figures, await compared(m, r, found), `${this.toString()}: before the placing`);

    const placed = await r.run(this.placing);
    const expected = r.expected!(m, this.placing, placed);
    if (!sameOutcome(expected, placed))
      found.push(`placing: expected ${JSON.stringify(expected)}, got ${JSON.stringify(placed)}`);
    tally(figures, placed);
    const retried = await r.send(grade);
    if (placed.status === 'ok') {
      const graded = { kind: 'grade' as const, wagerId: placed.wagerId!, result: this.result };
      const outcome = retried.status === 200 ? { status: 'ok' as const } : placed;
      if (retried.outcome !== 'applied')
        found.push(`grade sent again: ${retried.status} ${retried.code}, not applied`);
      r.expected!(m, graded, outcome);
      tally(figures, outcome);
    } else if (retried.code !== 'wager_not_placed') {
      found.push(`grade of a refused placing: ${retried.status} ${retried.code}`);
    }
    figures.operations += 3;
    figures.outcomes.retryable = (figures.outcomes.retryable ?? 0) + 1;
    check(figures, await compared(m, r, found), this.toString());
  }
  toString(): string {
    return `earlyGrade(${JSON.stringify(this.placing)}, ${this.result})`;
  }
}

const placing: fc.Arbitrary<Placing> = fc.record({
  kind: fc.constant('place' as const),
  player: fc.integer({ min: 0, max: 3 }),
  risk: fc.integer({ min: 1, max: 60_000 }),
  toWin: fc.integer({ min: 1, max: 120_000 }),
  freePlay: fc.boolean(),
  legs: fc.integer({ min: 1, max: 3 }),
});

export const resendArbitrary = fc.nat().map((pick) => new Resend(pick));
export const earlyGradeArbitrary = fc
  .tuple(placing, fc.constantFrom<Settlement>('win', 'loss', 'push', 'noaction'))
  .map(([p, result]) => new EarlyGrade(p, result));
