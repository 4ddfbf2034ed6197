// Model-based test of the ledger: random operations, some of them concurrent, each followed by a
// comparison of every balance, rollup row, report total and the weekly carry chain with a plain model.
// `npm test -- --thorough` runs 10,000 operations (vitest.config.ts provides `thorough`).
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import fc from 'fast-check';
import pg from 'pg';
import { openDatabase, type Database } from '../src/db/open-database.ts';
import { countLedgerViolations } from '../src/ledger/ledger-invariants.ts';
import { withDatabase } from './global-setup.ts';
import { commandArbitraries, emptyFigures, startArbitrary } from './ledger-model/commands.ts';
import { openWorld } from './ledger-model/real.ts';

const target = inject('thorough') ? 10_000 : 1_000;
/** Commands per run: long enough to cross days and weeks, short enough to shrink a failure well. */
const MAX_COMMANDS = 80;

let database: Database;
let drop = async () => {};

/** An empty database of its own: the run's sites are the only data, so each check reads little. */
beforeAll(async () => {
  const template = inject('template');
  if (template.kind === 'pglite') {
    database = await openDatabase({});
    return;
  }
  const name = `backline_model_${process.pid}`;
  const admin = new pg.Client({ connectionString: template.url });
  await admin.connect();
  await admin.query(`drop database if exists ${name}`);
  await admin.query(`create database ${name}`);
  database = await openDatabase({ url: withDatabase(template.url, name), poolSize: 10 });
  drop = async () => {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  };
});
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
          const violations = await countLedgerViolations(database.db);
          expect(Object.entries(violations).filter(([, n]) => n > 0)).toEqual([]);
        },
      );
      // Runs until the operations reach the target; each assert has its own seed, printed on failure.
      while (figures.operations < target) {
        const runs = Math.max(1, Math.ceil((target - figures.operations) / (MAX_COMMANDS / 2)));
        await fc.assert(property, { numRuns: Math.min(runs, 50) });
      }
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      console.log(
        `ledger model on ${database.kind}: ${figures.operations} operations ` +
          `(${figures.concurrentSteps} concurrent steps) and ${figures.clockMoves} clock moves ` +
          `in ${figures.runs} runs, ${figures.checks} checks, ${figures.differences} differences, ` +
          `${seconds} s; outcomes ${JSON.stringify(figures.outcomes)}`,
      );
      expect(figures.differences).toBe(0);
      expect(figures.operations).toBeGreaterThanOrEqual(target);
    },
  );
});
