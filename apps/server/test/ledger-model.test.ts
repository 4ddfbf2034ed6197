// Model-based test of the ledger: random operations on two sites in two zones and currencies
// (wagers, payments, the platform's postings, the agents' adjustments and free play with their keys,
// limit changes, agents' settlements), some of them concurrent, each followed by a comparison of
// every balance, rollup row, report total and the weekly carry chain with a plain model, and of the
// reports converted into each site's currency (new weekly balance, standing, cash flow, action by
// player) with the model's own conversion, to the cent; the reports are read over HTTP, logged in
// as the agents.
// `npm test -- --thorough` runs 10,000 operations (vitest.config.ts provides `thorough`).
import { describe, expect, inject, it } from 'vitest';
import fc from 'fast-check';
import { useTestApp } from './helpers.ts';
import { check, commandArbitraries } from './ledger-model/commands.ts';
import { differences } from './ledger-model/compare.ts';
import { openWorld } from './ledger-model/real.ts';
import { runLine, runModel } from './ledger-model/run.ts';

const target = inject('thorough') ? 10_000 : 1_000;
/** Commands per run: long enough to cross days and weeks, short enough to shrink a failure well. */
const MAX_COMMANDS = 80;
/**
 * The reports (fourteen HTTP calls on two sites) are read at every eighth check and at each run's
 * end; the tables at every check. Reading them at every step cost about ten times the run.
 */
const READ_EVERY = 8;

/** The app reads the running model's clock: each run's steps set it. */
let clock = { now: 0 };

/** An empty database of its own: the run's sites are the only data, so each check reads little. */
const ctx = useTestApp(
  // A run moves its clock by days at a time: its sessions must outlast it.
  {
    SESSION_IDLE_MINUTES: String(5 * 365 * 24 * 60),
    SESSION_ABSOLUTE_HOURS: String(5 * 365 * 24),
  },
  { now: () => new Date(clock.now), empty: 'model' },
);

describe('the ledger against a plain model', () => {
  it(
    `agrees after each of ${target} random operations, alone and concurrent`,
    { timeout: 3_600_000 },
    async () => {
      const { figures, started } = await runModel(
        ctx.database.db,
        { target, maxCommands: MAX_COMMANDS, commands: commandArbitraries },
        async (start, commands, figures) => {
          const { model, real } = await openWorld(ctx.database.db, start, {
            sites: 2,
            app: ctx.app,
          });
          clock = real.clock;
          await fc.asyncModelRun(
            () => ({ model, real: { real, figures, readEvery: READ_EVERY } }),
            commands,
          );
          const found = differences(model, await real.snapshot(), await real.reports(model));
          check(figures, found, 'end of run');
        },
      );
      console.log(
        runLine(
          figures,
          `ledger model on ${ctx.database.kind}: ${figures.operations} operations`,
          started,
        ),
      );
      expect(figures.differences).toBe(0);
      expect(figures.outcomes.replayed ?? 0).toBeGreaterThan(0);
      expect(figures.outcomes.adjustment_key_reused ?? 0).toBeGreaterThan(0);
      expect(figures.outcomes.free_play_removal_short ?? 0).toBeGreaterThan(0);
      expect(figures.outcomes.no_master_to_settle ?? 0).toBeGreaterThan(0);
      expect(figures.operations).toBeGreaterThanOrEqual(target);
    },
  );
});
