// What only the feed adds to the model run: the platform sending an applied event again (answered
// as a duplicate with its first effect, changing nothing), a grade that arrives before its placing
// (refused as retryable, changing nothing, then applied when sent again after it), and runs of
// wagers placed and graded sent as one NDJSON batch (applied set-based, chunk by chunk).
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../src/db/query.ts';
import { bigintArray } from '../../src/db/sql-arrays.ts';
import { check, tally, type Subject } from './commands.ts';
import { diff, differences } from './compare.ts';
import type { FeedReal, GradedLeg } from './feed-real.ts';
import { sameOutcome, type Model, type Operation, type Outcome, type Settlement } from './model.ts';

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

/**
 * A grade's legs as drawn: results and closing figures for up to four legs, sent for as many legs
 * as the wager has (one more, or one fewer for three, when `mismatch`: refused while it is open).
 */
interface LegsDraft {
  results: Settlement[];
  closings: ({ line: number | null; odds: number | null } | null)[];
  mismatch: boolean;
}

/** A line of a batch as drawn: `again` sends the same line a second time further on. */
type BatchStep =
  | { kind: 'place'; placing: Placing; again: number | null }
  | {
      kind: 'grade';
      /** A wager placed earlier in this batch, or one the model holds open. */
      of: 'batch' | 'open';
      /** Mostly one no line of the batch grades yet; sometimes any, graded again (refused). */
      fresh: boolean;
      pick: number;
      result: Settlement;
      legs: LegsDraft | null;
      again: number | null;
    }
  | { kind: 'resend'; pick: number };

/** A line of a batch as sent. */
interface BatchLine {
  body: string;
  what:
    | { kind: 'place'; op: Placing; ref: string }
    | {
        kind: 'grade';
        ref: string;
        /** The wager's id when the model held it before the batch; else the batch placed it. */
        wagerId: number | null;
        result: Settlement;
        legs: GradedLeg[] | null;
        /** The wager's number of legs (a grade must give one result per leg, or none). */
        legCount: number;
      }
    | { kind: 'resend'; effect: Record<string, unknown> };
}

/** A refused line's code as the model's outcome (the status the code answers alone). */
function statusOf(code: string | null): Outcome {
  const refused = code === null ? {} : { code };
  if (code === 'unknown_player' || code === 'wager_not_found')
    return { status: 'notfound', ...refused };
  if (
    code === 'invalid_field' ||
    code === 'free_play_short' ||
    code === 'wager_legs_mismatch' ||
    code === 'amount_not_positive'
  )
    return { status: 'validation', ...refused };
  return { status: 'conflict', ...refused };
}

const legRows = (r: FeedReal, ids: number[]) =>
  queryRows<{ wagerId: number; result: string; line: string | null; odds: number | null }>(
    r.db,
    sql`select wager_id::int as "wagerId", result, closing_line::text as line,
          closing_odds as odds
        from wager_legs where wager_id = any(${bigintArray(ids)}) order by wager_id, id`,
  );

/**
 * A run of wagers placed and graded sent as one NDJSON batch: the feed applies it set-based, in
 * chunks (feed-chunk.ts). Grades name wagers placed earlier in the batch (refused as not placed
 * when their placing was refused) or wagers the model holds open, some with a grade per leg and
 * closing figures; some lines are sent twice in the batch, and some are events applied before.
 * Every line must answer as its operation alone, in line order, at the batch's instant; the legs
 * of each wager graded carry the results and closing figures sent.
 */
class BatchRun implements fc.AsyncCommand<Model, Subject> {
  readonly steps: BatchStep[];
  constructor(steps: BatchStep[]) {
    this.steps = steps;
  }
  check = () => true;

  private lines(m: Model, r: FeedReal): BatchLine[] {
    const lines: BatchLine[] = [];
    const copies: { of: BatchLine; at: number }[] = [];
    const placed: { ref: string; legs: number }[] = [];
    const open = m.wagers.filter((w) => w.status === 'open');
    const chosen = new Set<string>();
    const pick = <T extends { ref: string }>(list: T[], step: { fresh: boolean; pick: number }) => {
      const fresh = step.fresh ? list.filter((x) => !chosen.has(x.ref)) : [];
      const pool = fresh.length > 0 ? fresh : list;
      return pool[step.pick % pool.length]!;
    };
    for (const step of this.steps) {
      if (step.kind === 'resend') {
        if (r.applied.length === 0) continue;
        const first = r.applied[step.pick % r.applied.length]!;
        lines.push({ body: first.body, what: { kind: 'resend', effect: first.effect } });
        continue;
      }
      let line: BatchLine;
      if (step.kind === 'place') {
        const ref = r.newRef();
        placed.push({ ref, legs: step.placing.legs });
        line = {
          body: r.placingBody(step.placing, ref),
          what: { kind: 'place', op: step.placing, ref },
        };
      } else {
        // The one asked for, else the other when there is none to pick from.
        const ofBatch = placed.length > 0 && (step.of === 'batch' || open.length === 0);
        if (!ofBatch && open.length === 0) continue;
        let target: { ref: string; legs: number; wagerId: number | null };
        if (ofBatch) target = { ...pick(placed, step), wagerId: null };
        else {
          const held = open.map((w) => ({ ...r.wagerRef(w.id)!, wagerId: w.id }));
          target = pick(held, step);
        }
        chosen.add(target.ref);
        let legs: GradedLeg[] | null = null;
        if (step.legs) {
          const d = step.legs;
          const count = d.mismatch ? (target.legs === 3 ? 2 : target.legs + 1) : target.legs;
          legs = Array.from({ length: count }, (_, i) => ({
            Result: d.results[i]!,
            ClosingLine: d.closings[i]?.line ?? null,
            ClosingOdds: d.closings[i]?.odds ?? null,
          }));
        }
        line = {
          body: r.gradingBody(target.ref, step.result, legs ?? undefined),
          what: {
            kind: 'grade',
            ref: target.ref,
            wagerId: target.wagerId,
            result: step.result,
            legs,
            legCount: target.legs,
          },
        };
      }
      lines.push(line);
      if (step.again !== null) copies.push({ of: line, at: step.again });
    }
    // Each copy somewhere after its first: the batch cuts a chunk before an id it holds already.
    for (const { of, at } of copies) {
      const from = lines.indexOf(of) + 1;
      lines.splice(from + (at % (lines.length - from + 1)), 0, of);
    }
    return lines;
  }

  async run(m: Model, { real, figures }: Subject): Promise<void> {
    const r = real as FeedReal;
    r.clock.now = m.now;
    const lines = this.lines(m, r);
    if (lines.length === 0) return;
    const answers = await r.sendBatch(lines.map((l) => l.body));
    const found: string[] = [];
    /** The wager each of the batch's platform ids placed, once its placing applied. */
    const placed = new Map<string, number>();
    /** The effect of each body this batch applied: a copy of it further on is a duplicate. */
    const firstEffects = new Map<string, Record<string, unknown>>();
    const graded: {
      wagerId: number;
      result: Settlement;
      legs: GradedLeg[] | null;
      legCount: number;
      n: number;
    }[] = [];
    for (const [i, line] of lines.entries()) {
      const answer = answers[i]!;
      const said = `line ${i + 1} (${line.what.kind} ${line.body})`;
      const got = `${answer.outcome} ${answer.code ?? JSON.stringify(answer.effect)}`;
      figures.operations++;
      const first = line.what.kind === 'resend' ? line.what.effect : firstEffects.get(line.body);
      if (first) {
        // Applied before (this batch or earlier): a duplicate answering the first effect.
        if (answer.outcome !== 'duplicate') found.push(`${said}: ${got}, not a duplicate`);
        else if (canonical(answer.effect) !== canonical(first))
          found.push(`${said}: ${JSON.stringify(answer.effect)}, first ${JSON.stringify(first)}`);
        figures.outcomes.duplicate = (figures.outcomes.duplicate ?? 0) + 1;
        continue;
      }
      if (answer.outcome === 'duplicate') {
        found.push(`${said}: a duplicate of nothing applied (${JSON.stringify(answer.effect)})`);
        continue;
      }
      const what = line.what as Exclude<BatchLine['what'], { kind: 'resend' }>;
      // The wager a grade names: the model's, or the one its placing in this batch made.
      const wagerId = what.kind === 'grade' ? (what.wagerId ?? placed.get(what.ref)) : null;
      if (wagerId === undefined) {
        // Its placing was refused: the grade waits for a placing that never came.
        if (answer.outcome !== 'rejected' || answer.code !== 'wager_not_placed')
          found.push(`${said}: ${got}, its placing refused, not wager_not_placed`);
        figures.outcomes.retryable = (figures.outcomes.retryable ?? 0) + 1;
        continue;
      }
      const op: Operation =
        what.kind === 'place' ? what.op : { kind: 'grade', wagerId: wagerId!, result: what.result };
      const outcome: Outcome =
        answer.outcome !== 'applied'
          ? statusOf(answer.code)
          : what.kind === 'place'
            ? { status: 'ok', wagerId: answer.effect!.IdWager as number }
            : { status: 'ok' };
      // Results for another number of legs than the wager's: refused, when the wager is open.
      const mismatch =
        what.kind === 'grade' &&
        what.legs !== null &&
        what.legs.length !== what.legCount &&
        m.wagers.find((w) => w.id === wagerId)!.status === 'open';
      const expected: Outcome = mismatch ? { status: 'validation' } : r.expected!(m, op, outcome);
      if (!sameOutcome(expected, outcome))
        found.push(`${said}: expected ${JSON.stringify(expected)}, got ${got}`);
      tally(figures, outcome);
      if (answer.outcome !== 'applied') continue;
      firstEffects.set(line.body, answer.effect!);
      if (what.kind === 'place') placed.set(what.ref, answer.effect!.IdWager as number);
      else
        graded.push({
          wagerId: wagerId!,
          result: what.result,
          legs: what.legs,
          legCount: what.legCount,
          n: i + 1,
        });
    }
    // The legs of each wager graded: a result each, and the closing figures sent with it.
    const legs = Map.groupBy(
      await legRows(
        r,
        graded.map((g) => g.wagerId),
      ),
      (l) => l.wagerId,
    );
    for (const g of graded) {
      const expected = Array.from({ length: g.legCount }, (_, i) => {
        const leg = g.legs?.[i];
        return {
          wagerId: g.wagerId,
          result: leg?.Result ?? g.result,
          line: leg?.ClosingLine == null ? null : String(leg.ClosingLine),
          odds: leg?.ClosingOdds ?? null,
        };
      });
      const actual = (legs.get(g.wagerId) ?? []).map((l) => ({
        ...l,
        line: l.line === null ? null : String(Number(l.line)),
      }));
      diff(`line ${g.n}: legs of wager ${g.wagerId}`, expected, actual, found);
    }
    batchFigures.batches++;
    batchFigures.lines += lines.length;
    check(figures, await compared(m, r, found), this.toString());
  }
  toString(): string {
    return `batch(${JSON.stringify(this.steps)})`;
  }
}

/** What the batch commands sent, for the run's log. */
export const batchFigures = { batches: 0, lines: 0 };

const result = fc.constantFrom<Settlement>('win', 'loss', 'push', 'noaction');
/** A placing as `placing` draws it, mostly on credit: players seldom hold free play. */
const batchPlacing: fc.Arbitrary<Placing> = fc
  .tuple(placing, fc.nat({ max: 3 }))
  .map(([p, n]) => ({ ...p, freePlay: p.freePlay && n === 0 }));
/** Now and then a line is sent again later in the same batch. */
const again = fc.oneof(
  { weight: 6, arbitrary: fc.constant(null) },
  { weight: 1, arbitrary: fc.nat() },
);
const legsDraft: fc.Arbitrary<LegsDraft> = fc.record({
  results: fc.array(result, { minLength: 4, maxLength: 4 }),
  closings: fc.array(
    fc.option(
      fc.record({
        line: fc.option(
          fc.integer({ min: -200, max: 200 }).map((tenths) => tenths / 10),
          { freq: 4 },
        ),
        odds: fc.option(
          fc.oneof(fc.integer({ min: -400, max: -100 }), fc.integer({ min: 100, max: 400 })),
          { freq: 4 },
        ),
      }),
      { freq: 2 },
    ),
    { minLength: 4, maxLength: 4 },
  ),
  mismatch: fc.oneof(
    { weight: 6, arbitrary: fc.constant(false) },
    { weight: 1, arbitrary: fc.constant(true) },
  ),
});
const batchStep: fc.Arbitrary<BatchStep> = fc.oneof(
  {
    weight: 5,
    arbitrary: fc.record({ kind: fc.constant('place' as const), placing: batchPlacing, again }),
  },
  {
    weight: 5,
    arbitrary: fc.record({
      kind: fc.constant('grade' as const),
      of: fc.constantFrom('batch' as const, 'open' as const),
      fresh: fc.oneof(
        { weight: 4, arbitrary: fc.constant(true) },
        { weight: 1, arbitrary: fc.constant(false) },
      ),
      pick: fc.nat(),
      result,
      legs: fc.option(legsDraft, { freq: 2 }),
      again,
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('resend' as const), pick: fc.nat() }) },
);

export const batchRunArbitrary = fc
  .array(batchStep, { minLength: 2, maxLength: 12 })
  .map((steps) => new BatchRun(steps));
