// Issue 15: the platform feed in the security matrix. Every feed call (each event type of
// sendEvent, the batch, wagers:check), read from `platformApi` as data, against every caller that
// is not the site's own live key: refused with 401/403 and the error body, changing nothing; a
// foreign site's key reaches nothing of this site, every name of it answered as a missing one.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, ErrorBody, type PlatformEndpoint } from '@backline/contract';
import { queryRows } from '../../src/db/query.ts';
import { call, logIn, testClock, useTestApp, type Caller } from '../helpers.ts';
import {
  branches,
  FEED_FIELDS,
  feedEndpoints,
  unclassifiedFields,
  type FeedEndpoint,
  type JsonSchema,
} from './contract-walk.ts';
import { sendFeed, type FeedKey, type FeedSend } from './feed-send.ts';
import { sampleObject } from './samples.ts';
import { headersOf, type Answer } from './send.ts';

const ctx = useTestApp({
  LOGIN_LIMIT_PER_ACCOUNT: '1000000',
  LOGIN_LIMIT_PER_ADDRESS: '1000000',
});
const now = testClock;

const RELATIONS = [
  'ownKey',
  'anonymous',
  'agentSession',
  'playerSession',
  'foreignKey',
  'revokedKey',
  'endedKey',
  'otherScopeKey',
  'wrongSignature',
  'staleSignature',
] as const;
type Relation = (typeof RELATIONS)[number];

/** Codes that say "no such row here": what a foreign key's names must get, never another answer. */
const MISSING = new Set([
  'unknown_player',
  'agent_not_found',
  'game_not_created',
  'wager_not_placed',
]);

/** The field of each event type that names something new rather than an existing row. */
const CREATES: Readonly<Record<string, string>> = {
  'agent.created': 'Agent',
  'player.created': 'Player',
  'game.created': 'Game',
  'wager.placed': 'Wager',
};
/** The site-1 rows the feed's fields name in this test (made in beforeAll). */
const NAMES: Readonly<Record<string, unknown>> = {
  Player: 'PL1001',
  Agent: 'AG1',
  Parent: 'AG1',
  Wager: 'MX-W1',
  Game: 'MX-G1',
  Legs: [{ Game: 'MX-G1', Market: 'moneyline', Selection: 'Home', Odds: -110 }],
};

interface Form {
  endpoint: FeedEndpoint;
  label: string;
  /** A fresh body for each case (event ids and new names unique). */
  body(): string;
  /** Whether the body names a row of site 1 (a foreign key must find none of them). */
  namesRows: boolean;
}

let unique = 0;

function eventOf(shape: JsonSchema): { event: Record<string, unknown>; namesRows: boolean } {
  const type = shape.properties!.Type!.const as string;
  const data = shape.properties!.Data!;
  const given: Record<string, unknown> = {};
  let namesRows = false;
  for (const name of Object.keys(data.properties ?? {})) {
    if (CREATES[type] === name) given[name] = `MX${process.pid % 1000}-${++unique}`;
    else if (name === 'Legs' && type !== 'wager.placed') continue;
    else if (name in NAMES) {
      given[name] = NAMES[name];
      namesRows = true;
    }
  }
  const today = now().toISOString().slice(0, 10);
  const event = {
    EventId: `mx-${process.pid}-${++unique}`,
    Type: type,
    OccurredAt: now().toISOString(),
    Data: sampleObject(data, today, given),
  };
  return { event, namesRows };
}

const eventShapes = branches(feedEndpoints.find((f) => f.name === 'sendEvent')!.body);

function formsOf(f: FeedEndpoint): Form[] {
  if (f.name === 'sendEvent')
    return eventShapes.map((shape) => ({
      endpoint: f,
      label: String(shape.properties!.Type!.const),
      body: () => JSON.stringify(eventOf(shape).event),
      namesRows: eventOf(shape).namesRows,
    }));
  if (f.name === 'sendEventBatch')
    return [
      {
        endpoint: f,
        label: 'one line of every event type',
        body: () => eventShapes.map((s) => JSON.stringify(eventOf(s).event)).join('\n'),
        namesRows: true,
      },
    ];
  const today = now().toISOString().slice(0, 10);
  return [
    {
      endpoint: f,
      label: 'a wager of a player',
      body: () => JSON.stringify(sampleObject(f.body!, today, { Player: 'PL1001' })),
      namesRows: true,
    },
  ];
}

let keys: Record<'own' | 'foreign' | 'revoked' | 'ended' | 'eventsOnly' | 'checkOnly', FeedKey>;
let agent: Caller;
let player: Caller;

async function newKey(master: Caller, Label: string, Scopes?: string[]) {
  const res = await call(ctx.app, api.insertIntegrationKey, master, {
    body: { Label, ...(Scopes && { Scopes }) },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as FeedKey & { IdKey: number };
}

beforeAll(async () => {
  const master = await logIn(ctx.app, 'MASTER', 'demo-master', 1);
  const master2 = await logIn(ctx.app, 'MASTER2', 'demo-master', 2);
  const own = await newKey(master, 'matrix');
  const revoked = await newKey(master, 'matrix revoked');
  const revoke = await call(ctx.app, api.revokeIntegrationKey, master, {
    body: { IdKey: revoked.IdKey },
  });
  expect(revoke.statusCode, revoke.body).toBe(200);
  const ended = await newKey(master, 'matrix ended');
  const rotate = await call(ctx.app, api.rotateIntegrationKey, master, {
    body: { IdKey: ended.IdKey, OverlapHours: 0 },
  });
  expect(rotate.statusCode, rotate.body).toBe(200);
  keys = {
    own,
    revoked,
    ended,
    foreign: await newKey(master2, 'matrix foreign'),
    eventsOnly: await newKey(master, 'matrix events', ['events:write']),
    checkOnly: await newKey(master, 'matrix check', ['wagers:check']),
  };
  agent = master;
  player = await logIn(ctx.app, 'PL1001', 'demo-player', 1);
  // The game and wager the events name, as the platform would have sent them.
  for (const event of [
    {
      Type: 'game.created',
      Data: {
        Game: 'MX-G1',
        Sport: 'NFL',
        League: 'NFL',
        Home: 'Home',
        Away: 'Away',
        StartsAt: new Date(now().getTime() + 86_400_000).toISOString(),
      },
    },
    {
      Type: 'wager.placed',
      Data: { Wager: 'MX-W1', Player: 'PL1001', WagerType: 'straight', Risk: 100, ToWin: 90 },
    },
  ]) {
    const full = {
      EventId: `mx-setup-${event.Type}`,
      OccurredAt: now().toISOString(),
      ...event,
      Data: { ...event.Data, ...(event.Type === 'wager.placed' && { Legs: NAMES.Legs }) },
    };
    const res = await sendFeed(ctx.app, feedApi('sendEvent'), JSON.stringify(full), now, {
      key: keys.own,
    });
    expect(res.status, res.body).toBe(200);
  }
});

function feedApi(name: string): PlatformEndpoint {
  return feedEndpoints.find((f) => f.name === name)!.e;
}

/** What a call may change of one site: its feed's rows, people, games, wagers and ledger. */
async function fingerprint(siteId: number): Promise<string> {
  const [row] = await queryRows<Record<string, unknown>>(
    ctx.database.db,
    sql`select
      (select count(*) from platform_events where site_id = ${siteId}) as events,
      (select md5(string_agg(concat_ws(':', id, agent_id, status, active, credit_limit, max_wager,
         name, products_off::text, external_id), ',' order by id)) from players
        where site_id = ${siteId}) as players,
      (select md5(string_agg(concat_ws(':', id, parent_id, name, active, external_id), ','
         order by id)) from agents where site_id = ${siteId}) as agents,
      (select count(*) from agent_closure c join agents a on a.id = c.descendant_id
        where a.site_id = ${siteId}) as closure,
      (select md5(string_agg(concat_ws(':', id, status, home_score, away_score, starts_at), ','
         order by id)) from events where site_id = ${siteId}) as games,
      (select concat_ws(':', count(*), max(id)) from wagers where site_id = ${siteId}) as wagers,
      (select md5(string_agg(concat_ws(':', id, status, result, amount), ',' order by id))
        from wagers where site_id = ${siteId} and external_id is not null) as feed_wagers,
      (select concat_ws(':', count(*), max(id)) from ledger where site_id = ${siteId}) as ledger`,
  );
  return JSON.stringify(row);
}

function credentialOf(rel: Relation, e: PlatformEndpoint): FeedSend {
  const session = (c: Caller) => ({ key: null, headers: headersOf(api.agentLogin, c) });
  const scope = e.scope === 'events:write' ? keys.checkOnly : keys.eventsOnly;
  const t = Math.floor(now().getTime() / 1000);
  switch (rel) {
    case 'ownKey':
      return { key: keys.own };
    case 'anonymous':
      return { key: null };
    case 'agentSession':
      return session(agent);
    case 'playerSession':
      return session(player);
    case 'foreignKey':
      return { key: keys.foreign };
    case 'revokedKey':
      return { key: keys.revoked };
    case 'endedKey':
      return { key: keys.ended };
    case 'otherScopeKey':
      return { key: scope };
    case 'wrongSignature':
      return { key: { ...keys.own, Secret: 'bs_not-the-secret' } };
    case 'staleSignature':
      return { key: keys.own, t: t - 301 };
  }
}

/** The refusal a caller that is not the site's live key must get. */
const REFUSED: Partial<Record<Relation, { status: number; codes: string[] }>> = {
  anonymous: { status: 401, codes: ['platform_key_invalid'] },
  agentSession: { status: 401, codes: ['platform_key_invalid'] },
  playerSession: { status: 401, codes: ['platform_key_invalid'] },
  revokedKey: { status: 401, codes: ['platform_key_invalid'] },
  endedKey: { status: 401, codes: ['platform_key_invalid'] },
  otherScopeKey: { status: 403, codes: ['scope_required'] },
  wrongSignature: { status: 401, codes: ['signature_invalid'] },
  staleSignature: { status: 401, codes: ['signature_stale'] },
};

const figures = { endpoints: 0, forms: 0, cases: 0, refused: 0, foreignMissing: 0 };
afterAll(() => console.log(`feed matrix: ${JSON.stringify(figures)}`));

/** Problems of one case; none when the answer is what the relation calls for. */
async function runCase(form: Form, rel: Relation): Promise<string[]> {
  const e = form.endpoint.e;
  const before = await Promise.all([fingerprint(1), fingerprint(2)]);
  const answer: Answer = await sendFeed(ctx.app, e, form.body(), now, credentialOf(rel, e));
  const after = await Promise.all([fingerprint(1), fingerprint(2)]);
  figures.cases++;
  const problems: string[] = [];
  const json = JSON.parse(answer.body) as Record<string, unknown>;
  if (answer.status >= 500) problems.push('a server error');
  const offContract = (ok: boolean) =>
    ok ? !e.response.safeParse(json).success : !ErrorBody.safeParse(json).success;
  if (offContract(answer.status < 300)) problems.push(`off contract: ${answer.body.slice(0, 200)}`);
  const refused = REFUSED[rel];
  if (refused) {
    figures.refused++;
    if (answer.status !== refused.status || !refused.codes.includes(String(json.Code)))
      problems.push(`expected ${refused.status} ${refused.codes.join('/')}`);
    if (before.join() !== after.join()) problems.push('a refused call changed data');
  } else if (rel === 'foreignKey') {
    // Its own site may change (a game it creates there); this site never does.
    if (before[0] !== after[0]) problems.push('a foreign key changed this site');
    if (form.endpoint.name === 'checkWager') {
      if (json.Accept !== false || json.Reason !== 'unknown_player')
        problems.push('a foreign key saw this site\u2019s player');
    } else if (form.endpoint.name === 'sendEventBatch') {
      const lines = (json.Lines ?? []) as { Outcome: string; Code: string | null }[];
      const found = lines.filter(
        (l, i) => eventOf(eventShapes[i]!).namesRows && !MISSING.has(String(l.Code)),
      );
      if (lines.length !== eventShapes.length || found.length)
        problems.push(`lines not answered as missing: ${JSON.stringify(found)}`);
    } else if (form.namesRows) {
      figures.foreignMissing++;
      if (![404, 409].includes(answer.status) || !MISSING.has(String(json.Code)))
        problems.push('a name of this site was not answered as missing');
    }
  } else if (answer.status === 401 || answer.status === 403) {
    problems.push('the site\u2019s own live key was refused');
  }
  return problems.map(
    (p) => `${form.endpoint.name} ${form.label} as ${rel}: ${answer.status} ${p} ${answer.body}`,
  );
}

describe('the platform feed in the authorization matrix', () => {
  it('knows what every reference-like field of the feed names', () => {
    expect(unclassifiedFields(feedEndpoints, (name) => Object.hasOwn(FEED_FIELDS, name))).toEqual(
      [],
    );
  });

  it('walks every event type of the contract', () => {
    const types = eventShapes.map((s) => s.properties!.Type!.const);
    expect(types).toContain('wager.placed');
    expect(new Set(types).size).toBe(types.length);
  });

  for (const f of feedEndpoints) {
    it(`${f.name}: only the site's own live key, with the scope, gets in`, async () => {
      figures.endpoints++;
      const problems: string[] = [];
      for (const form of formsOf(f)) {
        figures.forms++;
        for (const rel of RELATIONS) problems.push(...(await runCase(form, rel)));
      }
      expect(problems).toEqual([]);
    });
  }
});
