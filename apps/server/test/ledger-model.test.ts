// Model-based test of the ledger: random operations (wagers, payments, the platform's postings, the
// agents' adjustments and free play with their keys, limit changes), some of them concurrent, each
// followed by a comparison of every balance, rollup row, report total and the weekly carry chain
// with a plain model.
// `npm test -- --thorough` runs 10,000 operations (vitest.config.ts provides `thorough`).
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import fc from 'fast-check';
import type { Database } from '../src/db/open-database.ts';
import { openEmptyDatabase } from './helpers.ts';
import { commandArbitraries, emptyFigures, startArbitrary } from './ledger-model/commands.ts';
import { openWorld } from './ledger-model/real.ts';
import { expectNoViolations, runLine, runUntil } from './ledger-model/run.ts';

const target = inject('thorough') ? 10_000 : 1_000;
/** Commands per run: long enough to cross days and weeks, short enough to shrink a failure well. */
const MAX_COMMANDS = 80;

let database: Database;
let drop = async () => {};

/** An empty database of its own: the run's sites are the only data, so each check reads little. */
beforeAll(async () => ({ database, drop } = await openEmptyDatabase('model')));
afterAll(async () => {
  await database?.close();
  await drop();
});

describe('the ledger against a plain model', () => {
  it(
    `agrees after each of ${target} random operations, alone and concurrent`,
    { timeout: 3_600_000 },
    async () => {
      const figures = emptyFigures();
      const started = Date.now();
      const property = fc.asyncProperty(
        startArbitrary,
        fc.commands(commandArbitraries, { maxCommands: MAX_COMMANDS, size: 'max' }),
        async (start, commands) => {
          const { model, real } = await openWorld(database.db, start);
          await fc.asyncModelRun(() => ({ model, real: { real, figures } }), commands);
          figures.runs++;
          await expectNoViolations(database.db);
        },
      );
      await runUntil(figures, target, MAX_COMMANDS, property);
      console.log(
        runLine(
          figures,
          `ledger model on ${database.kind}: ${figures.operations} operations`,
          started,
        ),
      );
      expect(figures.differences).toBe(0);
      expect(figures.outcomes.replayed ?? 0).toBeGreaterThan(0);
      expect(figures.outcomes.adjustment_key_reused ?? 0).toBeGreaterThan(0);
      expect(figures.outcomes.free_play_removal_short ?? 0).toBeGreaterThan(0);
      expect(figures.operations).toBeGreaterThanOrEqual(target);
    },
  );
});
