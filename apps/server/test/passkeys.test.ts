// Passkeys as an agent's second step (issue 20 item 2), driven by a software authenticator: adding,
// naming and removing one's own, and finishing a log-in with one; the relying party's refusals.
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  api,
  type LoginAnswer,
  type LoginResponse,
  type Passkey,
  type PasskeyCreationOptions,
  type PasskeyRequestOptions,
} from '@backline/contract';
import { queryRows } from '../src/db/query.ts';
import {
  actingAs,
  anonymous,
  call,
  logIn,
  ok,
  sessionCaller,
  useTestApp,
  type Caller,
} from './helpers.ts';
import { TEST_SEED } from './seed-options.ts';
import { SoftwareAuthenticator, type Bend } from './software-authenticator.ts';

let at = TEST_SEED.now.getTime();
const clock = () => new Date(at);
const ctx = useTestApp({}, { now: clock });

const RP_ID = 'localhost';
const ORIGIN = 'http://localhost:5173';
const PASSWORD = { AG1: 'demo-agent', AG2: 'demo-agent', AG3: 'demo-agent' } as const;
type Agent = keyof typeof PASSWORD;

/**
 * One session per agent, opened before it has a passkey (afterwards its log-in owes a second
 * step); the clock moves on by minutes only, well within a session's idle time.
 */
const sessions = new Map<Agent, ReturnType<typeof logIn>>();
function as(login: Agent) {
  if (!sessions.has(login)) sessions.set(login, logIn(ctx.app, login, PASSWORD[login]));
  return sessions.get(login)!;
}

async function registrationOptions(caller: Caller) {
  return ok<{ Challenge: string; Options: PasskeyCreationOptions }>(
    await call(ctx.app, api.passkeyRegistrationOptions, caller),
  );
}

/** Adds a passkey made by `authenticator` (a new one by default) for the caller. */
async function addPasskey(
  caller: Caller,
  name: string,
  authenticator = new SoftwareAuthenticator(RP_ID, ORIGIN),
  bend: Bend = {},
) {
  const { Challenge, Options } = await registrationOptions(caller);
  const res = await call(ctx.app, api.registerPasskey, caller, {
    body: { Challenge, Name: name, Response: authenticator.create(Options, bend) },
  });
  return { res, authenticator };
}

/** The password step of a log-in that owes a second step: its challenge and methods. */
async function passwordStep(login: Agent) {
  const caller = await anonymous(ctx.app);
  const answer = ok<LoginAnswer>(
    await call(ctx.app, api.login, caller, {
      body: { Player: login, Password: PASSWORD[login], SiteId: 1 },
    }),
  );
  if (!('SecondStep' in answer)) throw new Error(`${login} was not asked for a second step`);
  return { caller, step: answer.SecondStep };
}

async function signInOptions(caller: Caller, Challenge: string) {
  return ok<{ Options: PasskeyRequestOptions }>(
    await call(ctx.app, api.secondStepPasskeyOptions, caller, { body: { Challenge } }),
  ).Options;
}

/** A whole log-in: the password, then the authenticator's assertion (bent as asked). */
async function signIn(login: Agent, authenticator: SoftwareAuthenticator, bend: Bend = {}) {
  const { caller, step } = await passwordStep(login);
  const options = await signInOptions(caller, step.Challenge);
  const res = await call(ctx.app, api.secondStepPasskey, caller, {
    body: { Challenge: step.Challenge, Response: authenticator.get(options, bend) },
  });
  return { res, caller, step, options };
}

const attempts = async (agent: Agent) => {
  const [row] = await queryRows<{ attempts: number }>(
    ctx.database.db,
    sql`select c.attempts from auth_challenges c join agents a on a.id = c.agent_id
        where a.login = ${agent} and a.site_id = 1 and c.purpose = 'second_step'
        order by c.id desc limit 1`,
  );
  return row?.attempts;
};

const auditsOf = (action: string, agent: Agent) =>
  queryRows<{ actor_id: number | null; details: Record<string, unknown> }>(
    ctx.database.db,
    sql`select l.actor_id, l.details from audit_log l join agents a on a.id = l.target_id
        where l.action = ${action} and l.target_kind = 'agent' and a.login = ${agent}
          and a.site_id = 1 order by l.id`,
  );

const listOf = async (caller: Caller) =>
  ok<{ Passkeys: Passkey[] }>(await call(ctx.app, api.getPasskeys, caller)).Passkeys;

describe('adding a passkey', () => {
  it('registers the passkey under its name, lists it, audits it and excludes it next time', async () => {
    const ag1 = await as('AG1');
    const { Options } = await registrationOptions(ag1);
    expect(Options.rp).toEqual({ name: 'Backline', id: RP_ID });
    expect(Options.user.name).toBe('AG1');
    expect(Options.attestation).toBe('none');
    expect(Options.authenticatorSelection).toMatchObject({
      residentKey: 'preferred',
      userVerification: 'preferred',
    });
    expect(Options.pubKeyCredParams.map((p) => p.alg)).toContain(-7);

    const { res, authenticator } = await addPasskey(ag1, '  Office laptop ');
    const added = ok<Passkey>(res);
    expect(added).toMatchObject({
      Name: 'Office laptop',
      CreatedAt: clock().toISOString(),
      LastUsedAt: null,
    });
    expect(await listOf(ag1)).toEqual([added]);
    const audits = await auditsOf('passkey.added', 'AG1');
    expect(audits).toHaveLength(1);
    expect(audits[0]!.details).toMatchObject({ passkey: added.IdPasskey, name: 'Office laptop' });

    const again = await registrationOptions(ag1);
    expect(again.Options.excludeCredentials).toEqual([
      {
        id: authenticator.credentials[0]!.id.toString('base64url'),
        type: 'public-key',
        transports: ['internal'],
      },
    ]);
  });

  it('spends a registration challenge once, for its own session, within 5 minutes', async () => {
    const ag2 = await as('AG2');
    const authenticator = new SoftwareAuthenticator(RP_ID, ORIGIN);
    const { Challenge, Options } = await registrationOptions(ag2);
    const body = { Challenge, Name: 'Phone', Response: authenticator.create(Options) };

    const otherSession = await logIn(ctx.app, 'AG2', PASSWORD.AG2);
    const elsewhere = await call(ctx.app, api.registerPasskey, otherSession, { body });
    expect(elsewhere.statusCode).toBe(400);
    expect(elsewhere.json().Code).toBe('passkey_request_expired');

    ok(await call(ctx.app, api.registerPasskey, ag2, { body }));
    const twice = await call(ctx.app, api.registerPasskey, ag2, { body });
    expect(twice.json().Code).toBe('passkey_request_expired');

    const late = await registrationOptions(ag2);
    at += 5 * 60_000 + 1000;
    const expired = await call(ctx.app, api.registerPasskey, ag2, {
      body: {
        Challenge: late.Challenge,
        Name: 'Late',
        Response: new SoftwareAuthenticator(RP_ID, ORIGIN).create(late.Options),
      },
    });
    expect(expired.statusCode).toBe(400);
    expect(expired.json().Code).toBe('passkey_request_expired');
    expect((await listOf(ag2)).map((p) => p.Name)).toEqual(['Phone']);
  });

  it.each<[string, Bend]>([
    ['another origin', { origin: 'https://evil.example' }],
    ['another relying party', { rpId: 'evil.example' }],
    ['another challenge', { challenge: 'c29tZXRoaW5nLWVsc2UtZW50aXJlbHk' }],
    ['no user presence', { absent: true }],
  ])('refuses a passkey made for %s', async (_, bend) => {
    const ag3 = await as('AG3');
    const { res } = await addPasskey(ag3, 'Bent', undefined, bend);
    expect(res.statusCode).toBe(400);
    expect(res.json().Code).toBe('passkey_refused');
    expect(await listOf(ag3)).toEqual([]);
  });

  it('renames and removes only the agent’s own passkeys', async () => {
    const ag3 = await as('AG3');
    const own = ok<Passkey>((await addPasskey(ag3, 'Key A')).res);
    const ag1 = await as('AG1');

    const renamed = ok<Passkey>(
      await call(ctx.app, api.renamePasskey, ag3, {
        body: { IdPasskey: own.IdPasskey, Name: 'Desk key' },
      }),
    );
    expect(renamed.Name).toBe('Desk key');
    for (const e of [api.renamePasskey, api.removePasskey]) {
      const res = await call(ctx.app, e, ag1, {
        body: { IdPasskey: own.IdPasskey, Name: 'Mine now', Password: PASSWORD.AG1 },
      });
      expect(res.statusCode).toBe(404);
      expect(res.json().Code).toBe('passkey_not_found');
    }
    expect((await listOf(ag3)).map((p) => p.Name)).toEqual(['Desk key']);

    // Removing asks for the password: an open session alone does not take a second step away.
    const unproved = await call(ctx.app, api.removePasskey, ag3, {
      body: { IdPasskey: own.IdPasskey, Password: 'not the password' },
    });
    expect(unproved.statusCode).toBe(403);
    expect(unproved.json().Code).toBe('proof_wrong');
    expect(await listOf(ag3)).toHaveLength(1);
    ok(
      await call(ctx.app, api.removePasskey, ag3, {
        body: { IdPasskey: own.IdPasskey, Password: PASSWORD.AG3 },
      }),
    );
    expect(await listOf(ag3)).toEqual([]);
    const audits = await auditsOf('passkey.removed', 'AG3');
    expect(audits.at(-1)!.details).toMatchObject({ passkey: own.IdPasskey, name: 'Desk key' });
  });

  it('are the signed-in agent’s own even while it acts for a sub-agent', async () => {
    const ag1 = await as('AG1');
    const [sub] = await queryRows<{ id: number }>(
      ctx.database.db,
      sql`select id from agents where login = 'AG1SUB' and site_id = 1`,
    );
    const acting = actingAs(ag1, sub!.id);
    const own = await listOf(ag1);
    expect(own.length).toBeGreaterThan(0);
    expect(await listOf(acting)).toEqual(own);
    const { res } = await addPasskey(acting, 'Added while acting');
    ok(res);
    expect((await listOf(ag1)).map((p) => p.Name)).toContain('Added while acting');
  });

  it('keeps the last passkey of an agent its site requires a second step of', async () => {
    const ag3 = await as('AG3');
    const key = ok<Passkey>((await addPasskey(ag3, 'Only key')).res);
    await ctx.database.db.execute(sql`update sites set require_second_step = true where id = 1`);
    try {
      const refused = await call(ctx.app, api.removePasskey, ag3, {
        body: { IdPasskey: key.IdPasskey, Password: PASSWORD.AG3 },
      });
      expect(refused.statusCode).toBe(409);
      expect(refused.json().Code).toBe('second_step_last_method');
      expect(await listOf(ag3)).toHaveLength(1);
    } finally {
      await ctx.database.db.execute(sql`update sites set require_second_step = false where id = 1`);
    }
    ok(
      await call(ctx.app, api.removePasskey, ag3, {
        body: { IdPasskey: key.IdPasskey, Password: PASSWORD.AG3 },
      }),
    );
  });
});

describe('signing in with a passkey', () => {
  it('offers the passkey after the password and opens the session with it', async () => {
    const ag1 = await as('AG1');
    const { authenticator } = await addPasskey(ag1, 'Second key');
    const keys = await listOf(ag1);

    const { caller, step } = await passwordStep('AG1');
    expect(step.Methods).toContain('passkey');
    const options = await signInOptions(caller, step.Challenge);
    expect(options.rpId).toBe(RP_ID);
    expect(options.userVerification).toBe('preferred');
    expect(options.allowCredentials).toHaveLength(keys.length);

    at += 60_000;
    const res = await call(ctx.app, api.secondStepPasskey, caller, {
      body: { Challenge: step.Challenge, Response: authenticator.get(options) },
    });
    const session = ok<LoginResponse>(res);
    expect(session).toMatchObject({ Kind: 'agent', Player: 'AG1' });
    const used = (await listOf(sessionCaller(caller, session))).find(
      (p) => p.Name === 'Second key',
    );
    expect(used?.LastUsedAt).toBe(clock().toISOString());

    // The step is spent: the same assertion cannot open a second session.
    const again = await call(ctx.app, api.secondStepPasskey, caller, {
      body: { Challenge: step.Challenge, Response: authenticator.get(options) },
    });
    expect(again.statusCode).toBe(401);
    expect(again.json().Code).toBe('second_step_expired');
  });

  it('takes a passkey inside a frame of a page the site allows, not of any page', async () => {
    const ag2 = await as('AG2');
    const { authenticator } = await addPasskey(ag2, 'Framed');
    const outside = await signIn('AG2', authenticator, { topOrigin: 'https://evil.example' });
    expect(outside.res.statusCode).toBe(401);
    const inside = await signIn('AG2', authenticator, { topOrigin: 'http://127.0.0.1:4000' });
    ok(inside.res);
  });

  it.each<[string, Bend]>([
    ['from another origin', { origin: 'https://evil.example' }],
    ['for another relying party', { rpId: 'evil.example' }],
    ['over another challenge', { challenge: 'c29tZXRoaW5nLWVsc2UtZW50aXJlbHk' }],
    ['made without the user present', { absent: true }],
  ])('refuses an assertion %s as a failed try', async (_, bend) => {
    const ag1 = await as('AG1');
    const { authenticator } = await addPasskey(ag1, `Bent ${Object.keys(bend)[0]}`);
    const { res, caller, step, options } = await signIn('AG1', authenticator, bend);
    expect(res.statusCode).toBe(401);
    expect(res.json().Code).toBe('passkey_refused');
    expect(await attempts('AG1')).toBe(1);
    // The step is still owed: the right assertion finishes it.
    ok(
      await call(ctx.app, api.secondStepPasskey, caller, {
        body: { Challenge: step.Challenge, Response: authenticator.get(options) },
      }),
    );
  });

  it('refuses an assertion whose counter does not move on, and audits it', async () => {
    const ag2 = await as('AG2');
    const { authenticator } = await addPasskey(ag2, 'Cloned');
    const credential = authenticator.credentials[0]!;
    ok((await signIn('AG2', authenticator)).res);
    const replayed = await signIn('AG2', authenticator, { counter: credential.counter });
    expect(replayed.res.statusCode).toBe(401);
    expect(replayed.res.json().Code).toBe('passkey_refused');
    const audits = await auditsOf('passkey.counter_refused', 'AG2');
    expect(audits.at(-1)!.details).toMatchObject({
      counter: credential.counter,
      stored: credential.counter,
    });
    ok((await signIn('AG2', authenticator)).res);
  });

  it('refuses another agent’s passkey', async () => {
    const ag1 = await as('AG1');
    const ag3 = await as('AG3');
    await addPasskey(ag1, 'AG1 key');
    const { authenticator: ag3Key } = await addPasskey(ag3, 'AG3 key');
    const { res } = await signIn('AG1', ag3Key);
    expect(res.statusCode).toBe(401);
    expect(res.json().Code).toBe('passkey_refused');
  });

  it('answers passkey_none when the agent has no passkey left', async () => {
    const ag3 = await as('AG3');
    const key = ok<Passkey>((await addPasskey(ag3, 'Going')).res);
    const { caller, step } = await passwordStep('AG3');
    for (const p of await listOf(ag3)) {
      ok(
        await call(ctx.app, api.removePasskey, ag3, {
          body: { IdPasskey: p.IdPasskey, Password: PASSWORD.AG3 },
        }),
      );
    }
    expect(key.IdPasskey).toBeGreaterThan(0);
    const res = await call(ctx.app, api.secondStepPasskeyOptions, caller, {
      body: { Challenge: step.Challenge },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().Code).toBe('passkey_none');
  });
});

describe('the calls refuse', () => {
  const agentCalls = [
    [api.getPasskeys, undefined],
    [api.passkeyRegistrationOptions, {}],
    [api.registerPasskey, { Challenge: 'x'.repeat(43), Name: 'A', Response: {} }],
    [api.renamePasskey, { IdPasskey: 1, Name: 'A' }],
    [api.removePasskey, { IdPasskey: 1, Password: 'x' }],
  ] as const;

  it.each(agentCalls)('%# without a session (401) and to a player (403)', async (e, body) => {
    const nobody = await anonymous(ctx.app);
    expect((await call(ctx.app, e, nobody, { body })).statusCode).toBe(401);
    const player = await logIn(ctx.app, 'PL1001', 'demo-player');
    const res = await call(ctx.app, e, player, { body });
    expect(res.statusCode).toBe(403);
    expect(res.json().Code).toBe('agents_only');
  });

  it('bad input with 400 naming the field', async () => {
    const ag1 = await as('AG1');
    const cases = [
      [api.renamePasskey, { IdPasskey: 1, Name: '' }, 'Name'],
      [api.renamePasskey, { IdPasskey: 1, Name: 'x'.repeat(65) }, 'Name'],
      [api.removePasskey, { IdPasskey: 'one', Password: 'x' }, 'IdPasskey'],
      [api.removePasskey, { IdPasskey: 1 }, 'Password'],
      [api.registerPasskey, { Challenge: 'short', Name: 'A', Response: {} }, 'Challenge'],
    ] as const;
    for (const [e, body, field] of cases) {
      const res = await call(ctx.app, e, ag1, { body });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.body).toContain(field);
    }
    const nobody = await anonymous(ctx.app);
    const bad = await call(ctx.app, api.secondStepPasskey, nobody, {
      body: { Challenge: 'x'.repeat(43), Response: { id: 'not base64url!' } },
    });
    expect(bad.statusCode).toBe(400);
  });

  it('an unknown second-step challenge with 401', async () => {
    const nobody = await anonymous(ctx.app);
    const options = await call(ctx.app, api.secondStepPasskeyOptions, nobody, {
      body: { Challenge: 'x'.repeat(43) },
    });
    expect(options.statusCode).toBe(401);
    expect(options.json().Code).toBe('second_step_expired');
    const authenticator = new SoftwareAuthenticator(RP_ID, ORIGIN);
    authenticator.create({
      rp: { name: 'Backline', id: RP_ID },
      user: { id: 'dXNlcg', name: 'u', displayName: 'u' },
      challenge: 'Y2hhbGxlbmdl',
      pubKeyCredParams: [{ alg: -7, type: 'public-key' }],
    });
    const res = await call(ctx.app, api.secondStepPasskey, nobody, {
      body: {
        Challenge: 'x'.repeat(43),
        Response: authenticator.get({ challenge: 'Y2hhbGxlbmdl' }),
      },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json().Code).toBe('second_step_expired');
  });
});
