// The ledger model run driven through the platform feed (issue 15 acceptance): the same random
// operations sent as signed events to a real app (places, grades, regrades, voids, payments,
// casino/horses/rbl results, free play), some at once, with the platform's duplicates and grades
// that arrive before their placing, and runs of wagers placed and graded sent as one NDJSON batch
// (applied set-based, in chunks); beside them the agents' adjustments, free play and limit changes
// (issue 17), so that placings meet every limit of the accept rule and temporary credit running
// out, refused by the reason the model names; after each step every balance, rollup row, report
// and the weekly carry chain equal the plain model, and every ledger invariant holds after each run.
// `npm test -- --thorough` runs 10,000 events (vitest.config.ts provides `thorough`).
import { describe, expect, inject, it } from 'vitest';
import fc from 'fast-check';
import { useTestApp } from './helpers.ts';
import { feedStepArbitrary } from './ledger-model/commands.ts';
import {
  batchFigures,
  batchRunArbitrary,
  earlyGradeArbitrary,
  resendArbitrary,
} from './ledger-model/feed-commands.ts';
import { throughFeed } from './ledger-model/feed-real.ts';
import { openWorld } from './ledger-model/real.ts';
import { runLine, runModel } from './ledger-model/run.ts';
import { tempCreditEndsArbitrary } from './ledger-model/temp-credit.ts';

const target = inject('thorough') ? 10_000 : 300;
const MAX_COMMANDS = 60;
/** The accept rule's refusals by a player's wager limits (DOMAIN.md). */
const LIMIT_REFUSALS = [
  'below_minimum',
  'over_maximum',
  'over_sport_maximum',
  'too_many_legs',
  'over_payout',
];

/** The app reads the running model's clock: each run's steps set it. */
let clock = { now: 0 };
const ctx = useTestApp({}, { now: () => new Date(clock.now), empty: 'feed_model' });

const commands = [
  fc.oneof(
    { weight: 10, arbitrary: feedStepArbitrary },
    { weight: 2, arbitrary: resendArbitrary },
    { weight: 1, arbitrary: earlyGradeArbitrary },
    { weight: 2, arbitrary: batchRunArbitrary },
    { weight: 1, arbitrary: tempCreditEndsArbitrary },
  ),
];

describe('the ledger through the platform feed against a plain model', () => {
  it(
    `agrees after each of ${target} random signed events, with duplicates and early grades`,
    { timeout: 3_600_000 },
    async () => {
      const { figures, started } = await runModel(
        ctx.database.db,
        { target, maxCommands: MAX_COMMANDS, commands },
        async (start, steps, figures) => {
          const world = await openWorld(ctx.database.db, start);
          clock = world.real.clock;
          const real = await throughFeed(
            ctx.app,
            ctx.database.db,
            ctx.config.platformSecretKey,
            world.real,
            world.model,
          );
          await fc.asyncModelRun(() => ({ model: world.model, real: { real, figures } }), steps);
        },
      );
      console.log(
        runLine(
          figures,
          `ledger model through the feed on ${ctx.database.kind}: ${figures.operations} events`,
          started,
          `, ${batchFigures.lines} of them in ${batchFigures.batches} batches`,
        ),
      );
      expect(figures.differences).toBe(0);
      expect(figures.outcomes.duplicate ?? 0).toBeGreaterThan(0);
      expect(figures.outcomes.retryable ?? 0).toBeGreaterThan(0);
      expect(batchFigures.lines).toBeGreaterThan(0);
      expect(figures.outcomes.insufficient_credit ?? 0).toBeGreaterThan(0);
      expect(LIMIT_REFUSALS.some((code) => (figures.outcomes[code] ?? 0) > 0)).toBe(true);
      expect(figures.operations).toBeGreaterThanOrEqual(target);
    },
  );
});
