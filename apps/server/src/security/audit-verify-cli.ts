// npm run audit:verify [-- --site 3]
// Checks the audit log's hash chains in the configured database: prints each chain's head (seq and
// hash, for an operator to keep outside the database) and exits 0, or the first break and exits 1.
import { parseArgs } from 'node:util';
import { withCliDatabase } from '../cli-database.ts';
import { verifyAuditChain } from './audit-chain.ts';

const { values } = parseArgs({ options: { site: { type: 'string' } } });
const siteId = values.site === undefined ? undefined : Number(values.site);
if (siteId !== undefined && (!Number.isInteger(siteId) || siteId < 0)) {
  console.error('Usage: npm run audit:verify [-- --site <site id>]');
  process.exit(2);
}

await withCliDatabase(async (db) => {
  const report = await verifyAuditChain(db, siteId);
  if (report.ok) console.log(report.message);
  else {
    console.error(report.message);
    process.exitCode = 1;
  }
});
