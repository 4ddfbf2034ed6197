// npm run site-key -- --site 1 --label "Sportsbook" [--scopes events:write,wagers:check]
// Makes an integration key for a site in the configured database and prints its secret, once.
import { parseArgs } from 'node:util';
import { PLATFORM_SCOPES, PlatformScope } from '@backline/contract';
import { withCliDatabase } from '../cli-database.ts';
import { clockStartingAt } from '../clock.ts';
import { createPlatformKeysService } from './platform-keys-service.ts';

const { values } = parseArgs({
  options: {
    site: { type: 'string' },
    label: { type: 'string' },
    scopes: { type: 'string', default: PLATFORM_SCOPES.join(',') },
  },
});

const siteId = Number(values.site);
const label = values.label?.trim() ?? '';
if (!Number.isInteger(siteId) || siteId <= 0 || label === '' || label.length > 64) {
  console.error(
    'Usage: npm run site-key -- --site <site id> --label <1 to 64 characters> [--scopes a,b]',
  );
  process.exit(2);
}
const scopes = values.scopes.split(',').map((s) => PlatformScope.parse(s.trim()));

await withCliDatabase(async (db, config) => {
  const keys = createPlatformKeysService({
    db,
    now: clockStartingAt(config.now),
    secretKey: config.platformSecretKey,
  });
  const key = await keys.createForSite(siteId, { label, scopes });
  console.log(`Site ${siteId}, key "${key.Label}" (${key.Scopes.join(', ')})`);
  console.log(`  x-backline-key: ${key.KeyId}`);
  console.log(`  secret:         ${key.Secret}`);
  console.log('The secret is shown this once; keep it with the platform.');
});
