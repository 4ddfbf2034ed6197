// Starts Backline: opens the database (PGlite in ./data by default), seeds the demo once, listens.
import type { AddressInfo } from 'node:net';
import { loadConfig } from './config.ts';
import { seedDemoKey } from './platform/demo-key.ts';
import { openDatabase } from './db/open-database.ts';
import { buildApp } from './app.ts';
import { clockStartingAt } from './clock.ts';
import { isSeeded, seedDemo } from './seed/seed-demo.ts';
import { DEMO_LOGINS } from './seed/demo-logins.ts';
import { startDemoSimulation } from './simulator/demo-simulation.ts';

const config = loadConfig();
// Started before seeding, so a fixed NOW is the seed's "now" and the app's, read at the same moment.
const now = clockStartingAt(config.now);
// The server outlives a database restart: meanwhile requests answer 503 (docs/decisions/009-database-failures.md).
const onConnectionError = (error: Error) =>
  console.warn(`Database connection lost (${error.message}); requests answer 503 until it is back`);
const database = await openDatabase({
  url: config.databaseUrl,
  dataDir: config.dataDir,
  poolSize: config.dbPoolSize,
  timeouts: config.dbTimeouts,
  onConnectionError,
});
const reportsDatabase = config.reportsDatabaseUrl
  ? await openDatabase({
      url: config.reportsDatabaseUrl,
      poolSize: config.dbPoolSize,
      timeouts: config.dbTimeouts,
      onConnectionError,
      readOnly: true,
    })
  : undefined;

if (config.seedOnStart && !(await isSeeded(database.db))) {
  const started = Date.now();
  console.log(`Seeding demo data (${config.seed.players} players, ${config.seed.weeks} weeks)...`);
  await seedDemo(database.db, {
    now: config.seed.now ?? now(),
    players: config.seed.players,
    weeks: config.seed.weeks,
  });
  console.log(`Seeded in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}
// The demo's documented integration key (README), on a demo database only.
if (config.seedOnStart) await seedDemoKey(database.db, config.platformSecretKey, now);

const app = await buildApp({ config, database, reportsDatabase, now });
let simulation: { stop(): Promise<void> } | null = null;
const shutdown = async (signal: string) => {
  app.log.info({ signal }, 'shutting down');
  await simulation?.stop();
  await app.close();
  await database.close();
  await reportsDatabase?.close();
  process.exit(0);
};
process.once('SIGINT', () => void shutdown('SIGINT'));
process.once('SIGTERM', () => void shutdown('SIGTERM'));

await app.listen({ host: config.host, port: config.port });
const where = `http://localhost:${config.port}`;
console.log(
  `\nBackline is running at ${where}  (API docs: ${where}/api/docs; database: ${database.kind})`,
);
console.log('Demo log-ins (open /login?SiteId=<site>):');
console.table(
  DEMO_LOGINS.map((l) => ({ Site: l.siteId, Login: l.login, Password: l.password, Role: l.role })),
);
// The demo's platform, once the server answers (SIMULATE=false turns it off).
if (config.simulate.enabled && config.seedOnStart) {
  const port = (app.server.address() as AddressInfo).port;
  const host = ['0.0.0.0', '::'].includes(config.host) ? '127.0.0.1' : config.host;
  simulation = startDemoSimulation({
    url: `http://${host.includes(':') ? `[${host}]` : host}:${port}`,
    base: config.platformBase,
    rate: config.simulate.rate,
    now,
  });
}
