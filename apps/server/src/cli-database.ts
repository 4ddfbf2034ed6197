// The database an operator's one-off command (npm run site-key, audit:verify) works in: the
// configured one, on a single connection, closed when the work is done or has failed.
import { loadConfig, type Config } from './config.ts';
import { openDatabase } from './db/open-database.ts';
import type { Db } from './db/query.ts';

export async function withCliDatabase<T>(work: (db: Db, config: Config) => Promise<T>): Promise<T> {
  const config = loadConfig();
  const database = await openDatabase({
    url: config.databaseUrl,
    dataDir: config.dataDir,
    poolSize: 1,
  });
  try {
    return await work(database.db, config);
  } finally {
    await database.close();
  }
}
