// Issue 8, item 2: every endpoint of the contract fed inputs made from its own schemas with hostile
// values mixed in, as the site's master agent. No answer is a 5xx, none shows a stack trace, SQL or
// a file path, and every answer matches the contract: its response schema, or the error body.
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { ErrorBody } from '@backline/contract';
import { queryRows } from '../../src/db/query.ts';
import { testClock, useTestApp } from '../helpers.ts';
import { hostile, inputOf, type Pools } from './arbitraries.ts';
import { echoedRemoved, LEAKS } from './leaks.ts';
import { answersWithStream, endpoints, type ContractEndpoint } from './contract-walk.ts';
import { send } from './send.ts';
import { makeWebDist } from './web-dist.ts';
import { loadWorld, nextAddress, type Session, type World } from './world.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    thorough: boolean;
  }
}

/** Cases per endpoint: enough for every run of `npm test`, the full count with --thorough. */
const RUNS = inject('thorough') ? 1000 : 100;

const logStream = new PassThrough();
let log = '';
logStream.on('data', (chunk: Buffer) => (log += chunk.toString()));
const web = makeWebDist();
const ctx = useTestApp(
  {
    WEB_DIST: web.dir,
    LOG_LEVEL: 'error',
    LOGIN_LIMIT_PER_ACCOUNT: '1000000',
    LOGIN_LIMIT_PER_ADDRESS: '1000000',
  },
  { logStream },
);
afterAll(() => web.remove());

let world: World;
let pools: Pools;
const started = Date.now();
const figures = { cases: 0, serverErrors: 0, perEndpoint: {} as Record<string, number> };
const statuses = new Map<number, number>();

beforeAll(async () => {
  world = await loadWorld(ctx, testClock);
  const ids = await queryRows<{ id: number }>(
    ctx.database.db,
    sql`(select id from agents) union (select id from players order by id limit 40)
        union (select id from wagers order by id desc limit 40) union (select id from notifications)
        union (select id from sign_ups)`,
  );
  pools = { ids: ids.map((r) => r.id) };
});

afterAll(() => {
  const counts = Object.values(figures.perEndpoint);
  console.log(
    `fuzz: ${JSON.stringify({
      runsPerEndpoint: RUNS,
      endpoints: counts.length,
      cases: figures.cases,
      minPerEndpoint: Math.min(...counts),
      serverErrors: figures.serverErrors,
      seconds: Math.round((Date.now() - started) / 1000),
      statuses: Object.fromEntries([...statuses].sort(([a], [b]) => a - b)),
    })}`,
  );
});

/** Now and then the Token itself is broken: bad base64, wrong field counts, odd ids, odd text. */
const authorization = fc.oneof(
  { weight: 9, arbitrary: fc.constant(null) },
  {
    weight: 1,
    arbitrary: fc.oneof(
      fc.constantFrom('Token', 'Token ', 'Token !!!', 'Token ====', 'Bearer x', 'token x'),
      fc.string({ unit: 'binary', maxLength: 300 }).map((s) => `Token ${s}`),
      fc
        .array(
          fc.oneof(
            fc.constantFrom('TOKEN', 'EMAIL', '0', '-1', '1', '2', '99999999999', ''),
            // As text: String() throws on an object whose "toString" is not a function.
            hostile.map((v) => (typeof v === 'string' ? v : (JSON.stringify(v) ?? String(v)))),
          ),
          { maxLength: 6 },
        )
        .map((fields) => ({ fields })),
    ),
  },
);

function header(value: unknown, master: Session): string {
  if (value === null) return master.authorization!;
  if (typeof value === 'string') return value.replace(/[^\x20-\x7e]/g, '?').slice(0, 8000);
  const fields = (value as { fields: string[] }).fields.map((f) =>
    f === 'TOKEN' ? master.session.Token : f === 'EMAIL' ? master.session.UserEmail : f,
  );
  return `Token ${Buffer.from(fields.join('|'), 'utf8').toString('base64')}`;
}

async function fuzz(c: ContractEndpoint): Promise<void> {
  const { name, e } = c;
  const property = fc.asyncProperty(
    inputOf(c.query, pools, true),
    inputOf(c.body, pools),
    authorization,
    async (query, body, auth) => {
      const master = await world.session('MASTER');
      const caller = { ...master, ip: nextAddress(), authorization: header(auth, master) };
      const answer = await send(ctx.app, e, caller, {
        query: query as Record<string, unknown>,
        ...(e.method === 'GET' ? {} : { body }),
      });
      figures.cases++;
      figures.perEndpoint[name] = (figures.perEndpoint[name] ?? 0) + 1;
      statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
      const input = JSON.stringify({ query, body }).slice(0, 600);
      if (answer.status >= 500) {
        figures.serverErrors++;
        throw new Error(`${answer.status} for ${input}\n${answer.body}\nlog: ${log.slice(-2000)}`);
      }
      const ok = answer.status < 300;
      const shown = echoedRemoved(answer.body, [query, body]);
      for (const [what, pattern, where] of LEAKS) {
        if (where === 'all' || !ok)
          expect(pattern.test(shown), `${what} in ${answer.body.slice(0, 400)}`).toBe(false);
      }
      if (ok && answersWithStream(e)) return;
      const json: unknown = JSON.parse(answer.body);
      const parsed = ok ? e.response.safeParse(json) : ErrorBody.safeParse(json);
      expect(parsed.success, `off contract (${answer.status}): ${answer.body.slice(0, 400)}`).toBe(
        true,
      );
      if (!ok) expect((json as ErrorBody).StatusCode).toBe(answer.status);
    },
  );
  await fc.assert(property, { numRuns: RUNS });
}

describe('fuzzing every endpoint from its contract schemas', () => {
  for (const c of endpoints) {
    it(`${c.name}: never 5xx, never leaks, always on contract`, { timeout: 1_200_000 }, () =>
      fuzz(c),
    );
  }
});
