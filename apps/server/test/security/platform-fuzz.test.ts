// Issue 15: the platform feed fuzzed from its own schemas (`platformApi`), signed with the site's
// live key so every body gets past the signature to the parser and the handlers: events of every
// type with hostile values mixed in, real names now and then, NDJSON batches of such lines, and
// accept checks. No answer is a 5xx or leaks; a refusal is the error body with its Code.
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import fc from 'fast-check';
import { api, ErrorBody } from '@backline/contract';
import { call, logIn, testClock, useTestApp } from '../helpers.ts';
import { hostile, inputOf, type Pools } from './arbitraries.ts';
import { feedEndpoints, type FeedEndpoint } from './contract-walk.ts';
import { sendFeed, type FeedKey } from './feed-send.ts';
import { echoedRemoved, LEAKS } from './leaks.ts';

/** Cases per endpoint: enough for every run of `npm test`, the full count with --thorough. */
const RUNS = inject('thorough') ? 1000 : 150;

const logStream = new PassThrough();
let log = '';
logStream.on('data', (chunk: Buffer) => (log += chunk.toString()));
const ctx = useTestApp({ LOG_LEVEL: 'error' }, { logStream });
const now = testClock;

let key: FeedKey;
const pools: Pools = { ids: [] };
const started = Date.now();
const figures = { cases: 0, serverErrors: 0, perEndpoint: {} as Record<string, number> };
const statuses = new Map<number, number>();
const codes = new Map<string, number>();

beforeAll(async () => {
  const master = await logIn(ctx.app, 'MASTER', 'demo-master', 1);
  const res = await call(ctx.app, api.insertIntegrationKey, master, { body: { Label: 'fuzz' } });
  expect(res.statusCode, res.body).toBe(200);
  key = res.json() as FeedKey;
});

afterAll(() => {
  console.log(
    `feed fuzz: ${JSON.stringify({
      runsPerEndpoint: RUNS,
      cases: figures.cases,
      perEndpoint: figures.perEndpoint,
      serverErrors: figures.serverErrors,
      seconds: Math.round((Date.now() - started) / 1000),
      statuses: Object.fromEntries([...statuses].sort(([a], [b]) => a - b)),
      codes: Object.fromEntries([...codes].sort(([, a], [, b]) => b - a).slice(0, 25)),
    })}`,
  );
});

/** Names of this site's rows and times inside the window, so bodies reach past the lookups. */
const REAL = {
  Player: ['PL1001', 'pl1001', 'AG1'],
  Agent: ['AG1', 'AG1SUB', 'MASTER'],
  Parent: ['AG1', 'MASTER'],
  Game: ['FZ-G1', 'FZ-G2'],
  Wager: ['FZ-W1', 'FZ-W2', 'FZ-W3'],
} as const;

type Tweak = { field: keyof typeof REAL | null; pick: number; timely: boolean; reuseId: boolean };
const tweak: fc.Arbitrary<Tweak> = fc.record({
  field: fc.constantFrom(null, ...(Object.keys(REAL) as (keyof typeof REAL)[])),
  pick: fc.nat(),
  timely: fc.boolean(),
  reuseId: fc.boolean(),
});

const recentIds: string[] = [];

/** Puts a real name, a time inside the window or an event id seen before into a fuzzed event. */
function tweaked(input: unknown, t: Tweak): unknown {
  if (!input || typeof input !== 'object' || Array.isArray(input)) return input;
  const event = { ...(input as Record<string, unknown>) };
  if (t.timely) event.OccurredAt = new Date(now().getTime() - (t.pick % 3_600_000)).toISOString();
  if (t.reuseId && recentIds.length) event.EventId = recentIds[t.pick % recentIds.length];
  else if (typeof event.EventId === 'string') recentIds.push(event.EventId);
  if (recentIds.length > 50) recentIds.shift();
  const data = event.Data;
  if (t.field && data && typeof data === 'object' && !Array.isArray(data)) {
    const names = REAL[t.field];
    event.Data = { ...data, [t.field]: names[t.pick % names.length] };
  }
  return event;
}

const eventSchema = feedEndpoints.find((f) => f.name === 'sendEvent')!.body;
const eventInput = fc
  .tuple(inputOf(eventSchema, pools), tweak)
  .map(([input, t]) => tweaked(input, t));

/** A body as bytes: JSON of the input, or now and then text that is no JSON at all. */
const jsonText = (input: fc.Arbitrary<unknown>) =>
  fc.oneof(
    { weight: 9, arbitrary: input.map((v) => JSON.stringify(v) ?? '') },
    { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 300 }) },
  );

const bodies: Record<string, fc.Arbitrary<string>> = {
  sendEvent: jsonText(eventInput),
  sendEventBatch: fc
    .tuple(
      fc.array(jsonText(fc.oneof(eventInput, hostile)), { maxLength: 12 }),
      fc.constantFrom('\n', '\r\n', '\n\n'),
    )
    .map(([lines, separator]) => lines.join(separator)),
  checkWager: jsonText(inputOf(feedEndpoints.find((f) => f.name === 'checkWager')!.body, pools)),
};

const contentType = fc.oneof(
  { weight: 8, arbitrary: fc.constant(null) },
  {
    weight: 1,
    arbitrary: fc.constantFrom('text/plain', 'application/json', 'application/x-ndjson', 'a/b'),
  },
);

async function fuzz(f: FeedEndpoint): Promise<void> {
  const property = fc.asyncProperty(bodies[f.name]!, contentType, async (body, type) => {
    const answer = await sendFeed(ctx.app, f.e, body, now, {
      key,
      ...(type && { headers: { 'content-type': type } }),
    });
    figures.cases++;
    figures.perEndpoint[f.name] = (figures.perEndpoint[f.name] ?? 0) + 1;
    statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
    if (answer.status >= 500) {
      figures.serverErrors++;
      throw new Error(
        `${answer.status} for ${body.slice(0, 600)}\n${answer.body}\nlog: ${log.slice(-2000)}`,
      );
    }
    const ok = answer.status < 300;
    const shown = echoedRemoved(answer.body, [body, safeJson(body)]);
    for (const [what, pattern, where] of LEAKS) {
      if (where === 'all' || !ok)
        expect(pattern.test(shown), `${what} in ${answer.body.slice(0, 400)}`).toBe(false);
    }
    const json: unknown = JSON.parse(answer.body);
    const parsed = ok ? f.e.response.safeParse(json) : ErrorBody.safeParse(json);
    expect(parsed.success, `off contract (${answer.status}): ${answer.body.slice(0, 400)}`).toBe(
      true,
    );
    if (!ok) {
      const error = json as ErrorBody;
      expect(error.StatusCode).toBe(answer.status);
      expect(error.Code, answer.body).toMatch(/^[a-z_]+$/);
      codes.set(error.Code, (codes.get(error.Code) ?? 0) + 1);
    }
  });
  await fc.assert(property, { numRuns: RUNS });
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

describe('fuzzing every platform-feed call from its contract schemas, signed', () => {
  it('has real games and wagers for the fuzzed events to name', async () => {
    const at = now().toISOString();
    const lines = [
      ...['FZ-G1', 'FZ-G2'].map((Game) => ({
        EventId: `fz-setup-${Game}`,
        OccurredAt: at,
        Type: 'game.created',
        Data: { Game, Sport: 'NFL', League: 'NFL', Home: 'H', Away: 'A', StartsAt: at },
      })),
      ...['FZ-W1', 'FZ-W2', 'FZ-W3'].map((Wager) => ({
        EventId: `fz-setup-${Wager}`,
        OccurredAt: at,
        Type: 'wager.placed',
        Data: {
          Wager,
          Player: 'PL1001',
          WagerType: 'straight',
          Risk: 100,
          ToWin: 90,
          Legs: [{ Game: 'FZ-G1', Market: 'moneyline', Selection: 'H', Odds: -110 }],
        },
      })),
    ];
    const batch = feedEndpoints.find((f) => f.name === 'sendEventBatch')!;
    const res = await sendFeed(
      ctx.app,
      batch.e,
      lines.map((l) => JSON.stringify(l)).join('\n'),
      now,
      {
        key,
      },
    );
    expect(res.status, res.body).toBe(200);
    expect(JSON.parse(res.body)).toMatchObject({ Applied: lines.length });
  });

  for (const f of feedEndpoints) {
    it(
      `${f.name}: never 5xx, never leaks, refusals carry the error body and a Code`,
      {
        timeout: 1_200_000,
      },
      () => fuzz(f),
    );
  }
});
