// docs/integration.md works as written (issue 15 item 10): its Node example runs against a server
// and its wager lands; every event type of the contract has an example that the contract accepts;
// its webhook check verifies what the server signs; every feed refusal code is in its table.
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCEPT_REASONS, ERROR_CODES, PlatformEvent } from '@backline/contract';
import { queryRows } from '../src/db/query.ts';
import { seedDemoKey } from '../src/platform/demo-key.ts';
import { signedHeaders } from '../src/webhooks/webhook-delivery.ts';
import type { SigningSecrets } from '../src/webhooks/webhook-secret.ts';
import { testClock, useTestApp } from './helpers.ts';

const ctx = useTestApp();
const DOC = readFileSync(new URL('../../../docs/integration.md', import.meta.url), 'utf8');

/** The fenced block that follows `<!-- example: name -->`. */
function example(name: string): string {
  const match = new RegExp(`<!-- example: ${name} -->\\s*\`\`\`\\w+\\n([\\s\\S]*?)\`\`\``).exec(
    DOC,
  );
  if (!match) throw new Error(`docs/integration.md has no example ${name}`);
  return match[1]!;
}

/** The JSON blocks that are events (they have a Type and Data). */
function eventExamples(): { Type: string }[] {
  return [...DOC.matchAll(/```json\n([\s\S]*?)```/g)]
    .map((m) => JSON.parse(m[1]!) as { Type?: string; Data?: unknown })
    .filter((e): e is { Type: string; Data: unknown } => typeof e.Type === 'string' && 'Data' in e);
}

describe('docs/integration.md', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'backline-doc-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('its Node example signs, sends a game and a wager, and asks the accept check', async () => {
    await seedDemoKey(ctx.database.db, ctx.config.platformSecretKey, testClock);
    const url = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const script = join(dir, 'feed.mjs');
    writeFileSync(script, example('node'));
    // The example reads the machine's clock, as a platform does; here that clock reads the test
    // server's (its demo's "now"), as the browser tests' clocks read the e2e server's.
    const clock = join(dir, 'clock.mjs');
    writeFileSync(
      clock,
      `const offset = ${testClock().getTime() - Date.now()};
       const Real = Date;
       globalThis.Date = class extends Real {
         constructor(...a) { if (a.length === 0) super(Real.now() + offset); else super(...a); }
         static now() { return Real.now() + offset; }
       };`,
    );
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ['--import', pathToFileURL(clock).href, script],
      { env: { BACKLINE_URL: url }, timeout: 30_000 },
    );
    expect(stdout.match(/Outcome: 'applied'/g)).toHaveLength(2);
    expect(stdout).toContain('Accept: true');
    const idWager = Number(/IdWager: (\d+)/.exec(stdout)?.[1]);
    const [wager] = await queryRows<{ player: string; status: string; risk: number }>(
      ctx.database.db,
      sql`select p.login as player, w.status, w.risk::int as risk
          from wagers w join players p on p.id = w.player_id where w.id = ${idWager}`,
    );
    expect(wager).toEqual({ player: 'PL1001', status: 'open', risk: 1100 });
    await ctx.app.server.close();
  });

  it('has an example of every event type, each as the contract takes it', () => {
    const examples = eventExamples();
    const types = PlatformEvent.options.map((o) => o.shape.Type.value);
    for (const type of types) {
      const mine = examples.filter((e) => e.Type === type);
      expect(mine.length, `an example of ${type}`).toBeGreaterThan(0);
      for (const e of mine) {
        const parsed = PlatformEvent.safeParse(e);
        expect(parsed.success, `${type}: ${JSON.stringify(parsed.error?.issues)}`).toBe(true);
      }
    }
  });

  it('its webhook check verifies what the server signs, and nothing else', async () => {
    const file = join(dir, 'verify.mjs');
    writeFileSync(file, example('webhook-verify'));
    const { verifyWebhook } = (await import(pathToFileURL(file).href)) as {
      verifyWebhook: (body: string, header: string, secret: string, now?: number) => boolean;
    };
    const body = JSON.stringify({ Id: 'x', Type: 'wager.deleted', Data: {} });
    const at = testClock();
    const now = Math.floor(at.getTime() / 1000);
    const secrets: SigningSecrets = {
      secretId: 'wh_1',
      secret: 'whs_current',
      previousSecret: null,
      previousSecretUntil: null,
    };
    const header = signedHeaders(secrets, body, at)['x-backline-signature']!;
    expect(verifyWebhook(body, header, 'whs_current', now)).toBe(true);
    expect(verifyWebhook(`${body} `, header, 'whs_current', now)).toBe(false);
    expect(verifyWebhook(body, header, 'whs_other', now)).toBe(false);
    expect(verifyWebhook(body, header, 'whs_current', now + 301)).toBe(false);
    // While a rotated secret overlaps, either one verifies.
    const both = signedHeaders(
      {
        secretId: 'wh_2',
        secret: 'whs_new',
        previousSecret: 'whs_current',
        previousSecretUntil: new Date(at.getTime() + 60_000),
      },
      body,
      at,
    )['x-backline-signature']!;
    expect(verifyWebhook(body, both, 'whs_new', now)).toBe(true);
    expect(verifyWebhook(body, both, 'whs_current', now)).toBe(true);
  });

  it('lists every refusal code of the feed and every accept reason', () => {
    const feedCodes = ERROR_CODES.slice(ERROR_CODES.indexOf('platform_key_invalid'));
    for (const code of [...feedCodes, ...ACCEPT_REASONS])
      expect(DOC, `docs/integration.md names ${code}`).toContain(`\`${code}\``);
  });
});
