// npm run seed -- [--players N] [--weeks W] [--now ISO] [--seed S] [--reset]
// Seeds the demo into the configured database (DATABASE_URL, else PGlite in DATA_DIR).
import { parseArgs } from 'node:util';
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/open-database.ts';
import { DEMO_LOGINS } from './demo-logins.ts';
import { resetDatabase } from './reset.ts';
import { isSeeded, seedDemo } from './seed-demo.ts';
import { seedDemoKey } from '../platform/demo-key.ts';

const { values } = parseArgs({
  options: {
    players: { type: 'string' },
    weeks: { type: 'string' },
    now: { type: 'string' },
    seed: { type: 'string' },
    'wager-rate': { type: 'string' },
    reset: { type: 'boolean', default: false },
  },
});

function integer(name: string, text: string | undefined, fallback: number): number {
  if (text === undefined) return fallback;
  const n = Number(text);
  if (!Number.isInteger(n)) throw new Error(`--${name} must be a whole number, not "${text}"`);
  return n;
}

const config = loadConfig();
const now = values.now ? new Date(values.now) : (config.seed.now ?? config.now ?? new Date());
if (Number.isNaN(now.getTime()))
  throw new Error(`--now must be an ISO date-time, not "${values.now}"`);
const options = {
  now,
  players: integer('players', values.players, config.seed.players),
  weeks: integer('weeks', values.weeks, config.seed.weeks),
  ...(values.seed ? { seed: integer('seed', values.seed, 0) } : {}),
  ...(values['wager-rate'] ? { wagerRate: Number(values['wager-rate']) } : {}),
};

const started = performance.now();
const database = await openDatabase({
  url: config.databaseUrl,
  dataDir: config.dataDir,
  poolSize: 2,
});
const where =
  database.kind === 'postgres' ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${config.dataDir}`;
try {
  if (await isSeeded(database.db)) {
    if (!values.reset) {
      console.error(
        `${where} already holds data. Run again with --reset to drop it and seed afresh.`,
      );
      process.exitCode = 1;
    } else {
      const tables = await resetDatabase(database.db);
      console.log(`Emptied ${tables.length} tables.`);
    }
  }
  if (process.exitCode !== 1) {
    console.log(
      `Seeding ${where}: ${options.players} players, ${options.weeks} weeks, up to ${now.toISOString()} ...`,
    );
    let shown = 0;
    const summary = await seedDemo(database.db, {
      ...options,
      onProgress: (done, total) => {
        if (done === total || done - shown >= total / 10) {
          shown = done;
          console.log(`  ${done.toLocaleString('en')} / ${total.toLocaleString('en')} players`);
        }
      },
    });
    await seedDemoKey(database.db, config.platformSecretKey, () => now);
    console.log(`\nSeed ${summary.seed}, days ${summary.firstDay} to ${summary.lastDay}.`);
    console.table(
      Object.fromEntries(Object.entries(summary.rows).map(([t, n]) => [t, { rows: n }])),
    );
    console.table(
      Object.fromEntries(
        Object.entries(summary.timings).map(([p, ms]) => [p, { seconds: ms / 1000 }]),
      ),
    );
    console.log(`Done in ${((performance.now() - started) / 1000).toFixed(1)} s. Demo log-ins:`);
    console.table(
      DEMO_LOGINS.map((l) => ({
        Site: l.siteId,
        Login: l.login,
        Password: l.password,
        Role: l.role,
        Note: l.note,
      })),
    );
  }
} finally {
  await database.close();
}
