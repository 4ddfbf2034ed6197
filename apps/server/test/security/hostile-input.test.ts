// Issue 14, item 15: hostile input an outside tester sent, over every endpoint of the contract.
// - A player, agent or wager outside the caller's tree is answered exactly as one that does not
//   exist: same status, code and message form, keyed by the value given, never naming a login.
// - An id is a whole number: true and false are refused with 400, never read as 1 and 0.
// - Text the database cannot store (a lone UTF-16 surrogate) is refused with 400 in every field.
// - A body nested 100,000 deep is refused with 400 before anything walks it (was a 500).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { api, type Endpoint } from '@backline/contract';
import { queryRows } from '../../src/db/query.ts';
import { anonymous, call, testClock, urlOf, useTestApp, type Caller } from '../helpers.ts';
import {
  endpoints,
  fieldsOf,
  formsOf,
  isIdField,
  isTextField,
  type Field,
  type Form,
} from './contract-walk.ts';
import {
  MATRIX_CALLERS,
  PLAYER_CALLER,
  relationTargets,
  resolveTargets,
  siteKeyOf,
} from './matrix-calls.ts';
import { missingValueOf, PROBED_KINDS, refusalShape } from './oracle.ts';
import { sampleObject, setPath } from './samples.ts';
import { headersOf, send, type Answer } from './send.ts';
import { makeWebDist } from './web-dist.ts';
import { loadWorld, nextAddress, type Agent, type World } from './world.ts';

const web = makeWebDist();
const ctx = useTestApp({
  WEB_DIST: web.dir,
  LOGIN_LIMIT_PER_ACCOUNT: '1000000',
  LOGIN_LIMIT_PER_ADDRESS: '1000000',
});
afterAll(() => web.remove());

let world: World;
const today = () => testClock().toISOString().slice(0, 10);
const forms = endpoints.flatMap(formsOf);
const figures = { foreignCases: 0, notFound: 0, idCases: 0, textCases: 0, deepCases: 0 };

beforeAll(async () => {
  world = await loadWorld(ctx, testClock);
});

afterAll(() => console.log(`hostile input: ${JSON.stringify(figures)}`));

/** A caller the endpoint's audience lets in, so a refusal comes from the input, not the caller. */
async function admitted(e: Endpoint): Promise<{ caller: Caller; headers: Record<string, string> }> {
  const fresh = async (login: string) => ({ ...(await world.session(login)), ip: nextAddress() });
  switch (e.audience) {
    case 'public':
      return { caller: await anonymous(ctx.app, nextAddress()), headers: {} };
    case 'player':
      return { caller: await fresh(PLAYER_CALLER), headers: {} };
    case 'site':
      return { caller: await fresh('MASTER'), headers: { 'x-site-key': siteKeyOf(1)! } };
    default:
      return { caller: await fresh('MASTER'), headers: {} };
  }
}

/** A plain valid input of the form, with one value put at `field`. */
function inputWith(form: Form, field: Field | null, value: unknown) {
  const query = form.query ? sampleObject(form.query, today()) : undefined;
  const body = form.body ? sampleObject(form.body, today()) : undefined;
  // A log-in takes a password or a one-time token, exactly one: the sample sends a password.
  if (body && form.body?.properties?.Password && field?.path[0] !== 'Token')
    body.Password = 'matrix pass phrase';
  if (field) setPath((field.part === 'query' ? query : body)!, field.path, value);
  return { ...(query ? { query } : {}), ...(body ? { body } : {}) };
}

const where = (form: Form, f: Field) =>
  `${form.endpoint.name} ${form.label} ${f.part}.${f.path.join('.')}`;

/** The login a foreign value would give away: its agent's, its player's, or its wager's player's. */
async function loginsBehind(kind: string, value: unknown, agent: Agent): Promise<string[]> {
  const logins = [agent.login];
  if (kind === 'player' || kind === 'wager' || kind === 'wagerTicket') {
    const id = kind === 'wagerTicket' ? Number(String(value).slice(1)) : Number(value);
    const rows = await queryRows<{ login: string; ticket: string | null }>(
      ctx.database.db,
      kind === 'player'
        ? sql`select login, null as ticket from players where id = ${id}`
        : sql`select p.login, w.ticket from wagers w join players p on p.id = w.player_id where w.id = ${id}`,
    );
    for (const r of rows) logins.push(r.login, ...(r.ticket ? [r.ticket] : []));
  }
  return logins;
}

describe('a foreign player, agent or wager is answered exactly as a missing one', () => {
  const probed = forms.filter((f) => f.targets.some((t) => PROBED_KINDS.includes(t.kind)));

  it('covers every call that takes a player, agent or wager', () => {
    const names = new Set(probed.map((f) => f.endpoint.name));
    for (const name of [
      'getWeeklyBalancePlayerDailyTransactions',
      'getPlayerHistoryReport',
      'getPlayerPayments',
      'insertPlayerPayment',
      'getOpenBets',
      'getGradedBetsReport',
      'getBeatTheLineFrame',
      'exportReport',
      'changeAgentsPassword',
      'wagerDelete',
      'getWagerGameScore',
      'getAgentOnlinePasswordByEmail',
    ])
      expect(names, name).toContain(name);
  });

  for (const form of probed) {
    it(`${form.endpoint.name} ${form.label}`, { timeout: 120_000 }, async () => {
      const { e } = form.endpoint;
      const problems: string[] = [];
      for (const login of MATRIX_CALLERS) {
        const caller = world.agent(login);
        const relations = relationTargets(world, caller);
        for (const rel of ['sibling', 'parent', 'otherSite'] as const) {
          const target = relations[rel];
          if (!target) continue;
          const session = { ...(await world.session(login)), ip: nextAddress() };
          const cred = { caller: session, live: session, signedIn: login };
          const own = await resolveTargets(
            ctx.app,
            ctx.database.db,
            world,
            form,
            caller,
            cred,
            today(),
          );
          const foreign = await resolveTargets(
            ctx.app,
            ctx.database.db,
            world,
            form,
            target,
            cred,
            today(),
          );
          for (const [i, t] of form.targets.entries()) {
            if (!PROBED_KINDS.includes(t.kind) || foreign.targets[i] === undefined) continue;
            const ask = async (value: unknown): Promise<Answer> => {
              const input = inputWith(form, null, null) as {
                query?: Record<string, unknown>;
                body?: Record<string, unknown>;
              };
              Object.assign(input.body ?? {}, own.extra);
              form.targets.forEach((u, j) =>
                setPath(
                  (u.part === 'query' ? input.query : input.body)!,
                  u.path,
                  j === i ? value : own.targets[j],
                ),
              );
              return send(ctx.app, e, { ...session, ip: nextAddress() }, input);
            };
            const value = foreign.targets[i];
            const missing = missingValueOf(t.kind);
            const [a, b] = [await ask(value), await ask(missing)];
            figures.foreignCases++;
            if (a.status === 404) figures.notFound++;
            const label = `${login} ${rel} ${t.path.join('.')}=${String(value)}`;
            // Both let through (a filter the call does not use, a ticket checked when it is
            // used) gives nothing away; the matrix checks what such answers name.
            if (a.status < 300 && b.status < 300) continue;
            const [shapeA, shapeB] = [refusalShape(a, value), refusalShape(b, missing)];
            if (shapeA !== shapeB)
              problems.push(`${label}: ${shapeA} but a missing one: ${shapeB}`);
            // The value given may come back; nothing else about its owner may.
            const shown = a.body.toLowerCase().split(String(value).toLowerCase()).join('');
            for (const name of await loginsBehind(t.kind, value, target)) {
              if (shown.includes(name.toLowerCase()))
                problems.push(`${label}: the refusal names ${name}`);
            }
          }
        }
      }
      expect(problems).toEqual([]);
    });
  }
});

describe('an id is a whole number, never true or false', () => {
  const cases = forms.flatMap((form) =>
    fieldsOf(form)
      .filter(isIdField)
      .map((f) => [where(form, f), form, f] as const),
  );

  it('finds the ids of every call', () => {
    expect(cases.length).toBeGreaterThan(40);
  });

  it.each(cases)('%s', async (_, form, field) => {
    const { caller, headers } = await admitted(form.endpoint.e);
    for (const value of [true, false]) {
      const answer = await send(ctx.app, form.endpoint.e, caller, {
        ...inputWith(form, field, value),
        headers,
      });
      figures.idCases++;
      expect(answer.status, `${String(value)}: ${answer.body}`).toBe(400);
    }
  });

  it('does not void wager 1 for {"idWager": true} (was accepted)', async () => {
    const statusOfWager1 = async () =>
      (
        await queryRows<{ status: string }>(
          ctx.database.db,
          sql`select status from wagers where id = 1`,
        )
      )[0]?.status;
    const before = await statusOfWager1();
    const master = await world.session('MASTER');
    const res = await call(ctx.app, api.wagerDelete, master, {
      body: { idWager: true, reason: 'hostile boolean id' },
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(await statusOfWager1()).toBe(before);
  });
});

describe('text the database cannot hold is refused in every field', () => {
  // A query string cannot carry a lone surrogate at all (UTF-8 has no form for one), so only
  // bodies can send it.
  const cases = forms.flatMap((form) =>
    fieldsOf(form)
      .filter((f) => f.part === 'body' && isTextField(f))
      .map((f) => [where(form, f), form, f] as const),
  );

  it('finds the text fields of every call', () => {
    expect(cases.length).toBeGreaterThan(40);
  });

  it.each(cases)('%s', async (_, form, field) => {
    const { caller, headers } = await admitted(form.endpoint.e);
    const answer = await send(ctx.app, form.endpoint.e, caller, {
      ...inputWith(form, field, 'x\ud800y'),
      headers,
    });
    figures.textCases++;
    expect(answer.status, answer.body).toBe(400);
    expect(answer.body).toContain(field.path[field.path.length - 1]);
  });

  it('stores nothing from a sign-up or a wager delete with a lone surrogate (was a 500)', async () => {
    const signUp = await call(
      ctx.app,
      api.insertAgentSignUp,
      await anonymous(ctx.app, nextAddress()),
      {
        body: {
          SiteId: 1,
          FirstName: 'x\ud800y',
          LastName: 'Check',
          Email: 'surrogate@example.test',
          Login: 'surrogate1',
          Phone: '+1 555 0100',
          Country: 'US',
          City: 'Miami',
          BirthDate: '1990-01-01',
        },
      },
    );
    expect(signUp.statusCode, signUp.body).toBe(400);
    expect(signUp.json()).toMatchObject({
      Code: 'text_unstorable',
      Params: { field: 'FirstName' },
    });
    const [open] = await queryRows<{ id: number }>(
      ctx.database.db,
      sql`select id from wagers where site_id = 1 and status = 'open' order by id limit 1`,
    );
    const master = await world.session('MASTER');
    const deleted = await call(ctx.app, api.wagerDelete, master, {
      body: { idWager: open!.id, reason: 'bad \ud800 text' },
    });
    expect(deleted.statusCode, deleted.body).toBe(400);
    expect(deleted.json()).toMatchObject({ Code: 'text_unstorable', Params: { field: 'reason' } });
    const [row] = await queryRows<{ status: string }>(
      ctx.database.db,
      sql`select status from wagers where id = ${open!.id}`,
    );
    expect(row!.status).toBe('open');
    const [signUps] = await queryRows<{ n: number }>(
      ctx.database.db,
      sql`select count(*)::int as n from sign_ups where data->>'Login' = 'surrogate1'`,
    );
    expect(signUps!.n).toBe(0);
  });
});

describe('a body nested 100,000 deep', () => {
  const DEPTH = 100_000;
  // As text: JSON.stringify itself cannot write a value this deep.
  const deep = '['.repeat(DEPTH) + ']'.repeat(DEPTH);
  const posts = endpoints.filter((c) => c.e.method === 'POST');

  it.each(posts.map((c) => [c.name, c] as const))(
    '%s: 400 before anything walks it',
    async (_, c) => {
      const { caller, headers } = await admitted(c.e);
      const stranger = await anonymous(ctx.app, nextAddress());
      const field = c.body ? Object.keys(c.body.properties ?? {})[0] : undefined;
      const payloads = [deep, ...(field ? [`{${JSON.stringify(field)}:${deep}}`] : [])];
      for (const who of [caller, stranger]) {
        for (const payload of payloads) {
          const res = await ctx.app.inject({
            method: 'POST',
            url: urlOf(c.e),
            headers: { ...headersOf(c.e, who, headers), 'content-type': 'application/json' },
            remoteAddress: who.ip,
            payload,
          });
          figures.deepCases++;
          expect(res.statusCode, res.body.slice(0, 300)).toBe(400);
          expect(res.json()).toMatchObject({ Code: 'input_too_deep', Params: { depth: 16 } });
        }
      }
    },
  );
});
