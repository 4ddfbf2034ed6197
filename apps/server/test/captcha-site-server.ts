// The real server for the captcha browser test (e2e/captcha.spec.ts): a fresh embedded database
// holding one site whose sign-up uses Turnstile, with the provider reached on loopback
// (CAPTCHA_VERIFY_URL, CAPTCHA_SCRIPT_ORIGIN), since the browser test has no internet. Run with
// PORT, DATA_DIR and CAPTCHA_* set and the site's key and secret as arguments; prints "ready <siteId>".
import { loadConfig } from '../src/config.ts';
import { openDatabase } from '../src/db/open-database.ts';
import { buildApp } from '../src/app.ts';
import { sites } from '../src/db/schema.ts';

const [siteKey, secret] = process.argv.slice(2);
if (!siteKey || !secret) throw new Error('usage: captcha-site-server.ts <site key> <secret>');
const config = loadConfig();
const database = await openDatabase({ dataDir: config.dataDir });
const [site] = await database.db
  .insert(sites)
  .values({
    name: 'Captcha Book',
    timeZone: 'America/Mexico_City',
    currency: 'MXN',
    captchaSiteKey: siteKey,
    captchaSecret: secret,
    signUpConfig: { CaptchaProvider: 'turnstile' },
  })
  .returning({ id: sites.id });
const app = await buildApp({ config, database });
const stop = async () => {
  await app.close();
  await database.close();
  process.exit(0);
};
process.once('SIGTERM', () => void stop());
process.once('SIGINT', () => void stop());
await app.listen({ host: config.host, port: config.port });
console.log(`ready ${site!.id}`);
