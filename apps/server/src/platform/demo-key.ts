// The demo's documented integration key for site 1 (README), so a platform engineer can sign a
// call at once. Only the demo writes it; a real book makes its own with `npm run site-key`.
import type { Db } from '../db/query.ts';
import { createPlatformKeysService } from './platform-keys-service.ts';
import { findKeyByKeyId } from './platform-keys-repository.ts';

export const DEMO_KEY_ID = 'bk_demo0000000000000000001';
export const DEMO_KEY_SECRET = 'bs_demo-secret-for-site-1-do-not-use-in-production';

/** Writes the demo key once; a database that has it keeps it. */
export async function seedDemoKey(db: Db, secretKey: Buffer, now: () => Date): Promise<void> {
  if (await findKeyByKeyId(db, DEMO_KEY_ID)) return;
  await createPlatformKeysService({ db, now, secretKey }).createForSite(1, {
    label: 'Demo platform',
    keyId: DEMO_KEY_ID,
    secret: DEMO_KEY_SECRET,
  });
}
