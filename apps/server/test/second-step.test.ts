// Issue 20 item 2: two-step sign-in with an authenticator app (RFC 6238) and recovery codes, on a
// fixed clock: enrolment, the log-in's second step, the window, reuse, lockout, the site's policy,
// the parent's reset, and the log-in record of every attempt.
import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { TOTP, Secret } from 'otpauth';
import { api, type Endpoint, type LoginResponse, type SecondStepNeeded } from '@backline/contract';
import { queryRows } from '../src/db/query.ts';
import {
  anonymous,
  call,
  demoPasswords,
  logIn,
  ok,
  sessionCaller,
  useTestApp,
  type Caller,
} from './helpers.ts';
import { TEST_SEED } from './seed-options.ts';

const STEP_MS = 30_000;
let at = new Date(TEST_SEED.now.getTime());
const clock = () => new Date(at.getTime());
/** Moves the app's clock on, to a time step well clear of the codes used before. */
const later = (ms = 10 * 60_000) => {
  at = new Date(at.getTime() + ms);
};

const ctx = useTestApp(
  { LOGIN_LIMIT_PER_ADDRESS: '100000', LOGIN_LIMIT_PER_ACCOUNT: '100000' },
  { now: clock },
);

/** The code an authenticator app shows for the key, `steps` time steps away from the clock. */
function codeOf(secret: string, steps = 0): string {
  return new TOTP({
    secret: Secret.fromBase32(secret),
    digits: 6,
    period: 30,
    algorithm: 'SHA1',
  }).generate({ timestamp: at.getTime() + steps * STEP_MS });
}

const PASSWORDS = demoPasswords();
const siteOf = (login: string) => (login === 'MASTER2' ? 2 : 1);

let addresses = 0;
const nextIp = () => `10.20.${Math.floor(++addresses / 250)}.${addresses % 250}`;

/** The raw answer of a log-in with the password (and a device id). */
async function passwordLogin(login: string, device?: string) {
  const caller = await anonymous(ctx.app, nextIp());
  const res = await call(ctx.app, api.login, caller, {
    body: {
      Player: login,
      Password: PASSWORDS[login],
      SiteId: siteOf(login),
      ...(device ? { Device: device } : {}),
    },
  });
  return { caller, res };
}

/** A log-in that owes a second step: its challenge. */
async function challengeOf(login: string, device?: string) {
  const { caller, res } = await passwordLogin(login, device);
  const body = ok<SecondStepNeeded>(res);
  expect(body.SecondStep).toBeDefined();
  return { caller, step: body.SecondStep };
}

/** A signed-in agent, through its second step when it owes one. */
async function signedIn(login: string, secret?: string): Promise<Caller> {
  const { caller, res } = await passwordLogin(login);
  const body = ok<LoginResponse | SecondStepNeeded>(res);
  if (!('SecondStep' in body)) return sessionCaller(caller, body);
  if (!secret) throw new Error(`${login} owes a second step`);
  later(STEP_MS);
  const done = await call(ctx.app, api.loginSecondStep, caller, {
    body: { Challenge: body.SecondStep.Challenge, Code: codeOf(secret) },
  });
  return sessionCaller(caller, ok<LoginResponse>(done));
}

/** Sets an authenticator up for a signed-in agent: its key and recovery codes. */
async function enrol(caller: Caller) {
  const setup = ok<{ Secret: string; Uri: string }>(await call(ctx.app, api.startTotp, caller));
  const confirmed = ok<{ RecoveryCodes: string[] }>(
    await call(ctx.app, api.confirmTotp, caller, { body: { Code: codeOf(setup.Secret) } }),
  );
  return { secret: setup.Secret, uri: setup.Uri, codes: confirmed.RecoveryCodes };
}

async function secondStep(caller: Caller, challenge: string, body: Record<string, string>) {
  return call(ctx.app, api.loginSecondStep, caller, { body: { Challenge: challenge, ...body } });
}

async function agentId(login: string): Promise<number> {
  const [row] = await queryRows<{ id: number }>(
    ctx.database.db,
    sql`select id from agents where login = ${login}`,
  );
  return row!.id;
}

async function lastEvents(agent: number, n: number) {
  return queryRows<{
    outcome: string;
    method: string;
    ip: string | null;
    device_hash: string | null;
  }>(
    ctx.database.db,
    sql`select outcome, method, ip, device_hash from login_events
        where agent_id = ${agent} order by id desc limit ${n}`,
  );
}

async function auditActions(target: number, action: string) {
  return queryRows<{ action: string; actor_id: number | null; details: Record<string, unknown> }>(
    ctx.database.db,
    sql`select action, actor_id, details from audit_log
        where target_id = ${target} and action = ${action} order by id`,
  );
}

describe('an authenticator app (RFC 6238)', () => {
  let secret = '';
  let recovery: string[] = [];

  it('is set up with a key shown once, sealed at rest, and confirmed with a code', async () => {
    const caller = await signedIn('AG3');
    const before = ok<{ Totp: boolean }>(await call(ctx.app, api.getSecondStep, caller));
    expect(before).toMatchObject({ Totp: false, RecoveryCodesLeft: 0, Required: false });

    const setup = ok<{ Secret: string; Uri: string }>(await call(ctx.app, api.startTotp, caller));
    expect(setup.Secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(setup.Uri).toMatch(/^otpauth:\/\/totp\/.*secret=/);
    expect(setup.Uri).toContain('algorithm=SHA1&digits=6&period=30');
    const [stored] = await queryRows<{ secret_sealed: string; confirmed_at: Date | null }>(
      ctx.database.db,
      sql`select secret_sealed, confirmed_at from agent_totp where agent_id = ${await agentId('AG3')}`,
    );
    expect(stored!.secret_sealed).not.toContain(setup.Secret);
    expect(stored!.confirmed_at).toBeNull();

    // Not in force until confirmed: the log-in asks for nothing yet.
    expect('SecondStep' in (await passwordLogin('AG3')).res.json()).toBe(false);

    const wrong = await call(ctx.app, api.confirmTotp, caller, {
      body: { Code: codeOf(setup.Secret, 5) },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().Code).toBe('totp_code_wrong');

    const confirmed = ok<{ RecoveryCodes: string[] }>(
      await call(ctx.app, api.confirmTotp, caller, { body: { Code: codeOf(setup.Secret) } }),
    );
    expect(confirmed.RecoveryCodes).toHaveLength(10);
    expect(new Set(confirmed.RecoveryCodes).size).toBe(10);
    for (const c of confirmed.RecoveryCodes)
      expect(c).toMatch(/^[a-z2-9]{4}-[a-z2-9]{4}-[a-z2-9]{2}$/);
    secret = setup.Secret;
    recovery = confirmed.RecoveryCodes;

    const status = ok(await call(ctx.app, api.getSecondStep, caller));
    expect(status).toMatchObject({ Totp: true, RecoveryCodesLeft: 10, Passkeys: 0 });
    expect(await auditActions(await agentId('AG3'), 'second_step.enrolled')).toHaveLength(1);
    // A second key while one is in force is refused.
    expect((await call(ctx.app, api.startTotp, caller)).statusCode).toBe(409);
  });

  it('makes the log-in ask for a code before any session is opened', async () => {
    later();
    const { res } = await passwordLogin('AG3');
    const body = ok<SecondStepNeeded>(res);
    expect(body.SecondStep.Methods).toEqual(['totp', 'recovery']);
    expect(body.SecondStep.Enrol).toBe(false);
    expect(Date.parse(body.SecondStep.ExpiresAt) - at.getTime()).toBe(5 * 60_000);
    expect(body).not.toHaveProperty('Token');
  });

  it('takes the code of the step before, the step itself and the step after', async () => {
    for (const steps of [-1, 0, 1]) {
      later();
      const { caller, step } = await challengeOf('AG3');
      const res = await secondStep(caller, step.Challenge, { Code: codeOf(secret, steps) });
      const session = ok<LoginResponse>(res);
      expect(session.Kind).toBe('agent');
      expect((await call(ctx.app, api.agentLogin, sessionCaller(caller, session))).statusCode).toBe(
        200,
      );
    }
  });

  it('refuses a code two steps away either side', async () => {
    for (const steps of [-2, 2]) {
      later();
      const { caller, step } = await challengeOf('AG3');
      const res = await secondStep(caller, step.Challenge, { Code: codeOf(secret, steps) });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ Code: 'second_step_code_wrong', Params: { tries: 4 } });
      // The same challenge still takes the right code.
      ok(await secondStep(caller, step.Challenge, { Code: codeOf(secret) }));
    }
  });

  it('never takes the same code twice, nor a challenge twice', async () => {
    later();
    const first = await challengeOf('AG3');
    const code = codeOf(secret);
    ok(await secondStep(first.caller, first.step.Challenge, { Code: code }));
    const again = await secondStep(first.caller, first.step.Challenge, { Code: code });
    expect(again.statusCode).toBe(401);
    expect(again.json().Code).toBe('second_step_expired');

    const second = await challengeOf('AG3');
    const reused = await secondStep(second.caller, second.step.Challenge, { Code: code });
    expect(reused.statusCode).toBe(401);
    expect(reused.json().Code).toBe('second_step_code_wrong');
    // An earlier step than the one taken is refused too.
    const earlier = await secondStep(second.caller, second.step.Challenge, {
      Code: codeOf(secret, -1),
    });
    expect(earlier.json().Code).toBe('second_step_code_wrong');
    // Passing the step clears the wrong codes counted toward the lockout.
    ok(await secondStep(second.caller, second.step.Challenge, { Code: codeOf(secret, 1) }));
  });

  it('lets a challenge expire after 5 minutes', async () => {
    later();
    const { caller, step } = await challengeOf('AG3');
    later(5 * 60_000 + 1000);
    const res = await secondStep(caller, step.Challenge, { Code: codeOf(secret) });
    expect(res.statusCode).toBe(401);
    expect(res.json().Code).toBe('second_step_expired');
  });

  it('kills the challenge after 5 wrong codes and counts them toward the lockout', async () => {
    later();
    const id = await agentId('AG3');
    const { caller, step } = await challengeOf('AG3');
    const wrongCode = codeOf(secret, 4);
    const answers: string[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await secondStep(caller, step.Challenge, { Code: wrongCode });
      expect(res.statusCode).toBe(401);
      answers.push(`${res.json().Code}:${res.json().Params.tries ?? ''}`);
    }
    expect(answers).toEqual([
      'second_step_code_wrong:4',
      'second_step_code_wrong:3',
      'second_step_code_wrong:2',
      'second_step_code_wrong:1',
      'second_step_expired:',
    ]);
    // Dead: the right code no longer opens it.
    const dead = await secondStep(caller, step.Challenge, { Code: codeOf(secret) });
    expect(dead.json().Code).toBe('second_step_expired');
    // The fifth failure in a row locked the account: even the password is refused for a while.
    const { res: locked } = await passwordLogin('AG3');
    expect(locked.statusCode).toBe(429);
    expect(locked.json().Code).toBe('wrong_credentials');
    expect(await auditActions(id, 'account.locked')).toHaveLength(1);
    const events = await lastEvents(id, 7);
    expect(events.map((e) => `${e.outcome}/${e.method}`)).toEqual([
      'locked/password',
      ...Array(5).fill('second_step_failed/totp'),
      'second_step/password',
    ]);
    later(16 * 60_000);
    const after = await challengeOf('AG3');
    ok(await secondStep(after.caller, after.step.Challenge, { Code: codeOf(secret) }));
  });

  it('keeps counting wrong codes across log-ins: a new password log-in does not wipe them', async () => {
    later();
    const wrongCode = codeOf(secret, 4);
    for (let i = 0; i < 4; i++) {
      const { caller, step } = await challengeOf('AG3');
      const res = await secondStep(caller, step.Challenge, { Code: wrongCode });
      expect(res.json().Params.tries).toBe(4);
    }
    const { caller, step } = await challengeOf('AG3');
    const fifth = await secondStep(caller, step.Challenge, { Code: wrongCode });
    expect(fifth.json().Code).toBe('second_step_expired');
    expect((await passwordLogin('AG3')).res.statusCode).toBe(429);
    later(16 * 60_000);
    // Once the lock is over, the right code signs in and the count starts again.
    const after = await challengeOf('AG3');
    ok(await secondStep(after.caller, after.step.Challenge, { Code: codeOf(secret) }));
    const [row] = await queryRows<{ failed_logins: number; locked_until: Date | null }>(
      ctx.database.db,
      sql`select failed_logins, locked_until from agents where login = 'AG3'`,
    );
    expect(row).toEqual({ failed_logins: 0, locked_until: null });
  });

  it('takes each recovery code once', async () => {
    later();
    const first = await challengeOf('AG3');
    const upper = recovery[0]!.toUpperCase().replace('-', ' ');
    ok(await secondStep(first.caller, first.step.Challenge, { RecoveryCode: upper }));
    const second = await challengeOf('AG3');
    const again = await secondStep(second.caller, second.step.Challenge, {
      RecoveryCode: recovery[0]!,
    });
    expect(again.statusCode).toBe(401);
    expect(again.json().Code).toBe('second_step_code_wrong');
    ok(await secondStep(second.caller, second.step.Challenge, { RecoveryCode: recovery[1]! }));
    const caller = await signedIn('AG3', secret);
    expect(ok(await call(ctx.app, api.getSecondStep, caller))).toMatchObject({
      RecoveryCodesLeft: 8,
    });
    const events = await lastEvents(await agentId('AG3'), 10);
    expect(events.some((e) => e.outcome === 'ok' && e.method === 'recovery')).toBe(true);
    expect(events.some((e) => e.outcome === 'second_step_failed' && e.method === 'recovery')).toBe(
      true,
    );
  });

  it('keeps the session in the frame\u2019s cookie only once the second step is passed', async () => {
    later();
    const caller = await anonymous(ctx.app, nextIp());
    const first = await call(ctx.app, api.login, caller, {
      body: { Player: 'AG3', Password: 'demo-agent', SiteId: 1, KeepInCookie: true },
    });
    const step = ok<SecondStepNeeded>(first).SecondStep;
    expect(first.cookies.find((c) => c.name === 'bl_session')).toBeUndefined();
    const done = await secondStep(caller, step.Challenge, { Code: codeOf(secret) });
    const session = ok<LoginResponse>(done);
    const cookie = done.cookies.find((c) => c.name === 'bl_session');
    expect(cookie?.value).toBe(session.Token);
    expect(cookie).toMatchObject({
      httpOnly: true,
      path: '/api/core/WebClient4Frames/ResumeSession',
    });
  });

  it('renews the recovery codes with a current code or the password, and removes the app', async () => {
    later();
    const caller = await signedIn('AG3', secret);
    later();
    const wrong = await call(ctx.app, api.renewRecoveryCodes, caller, {
      body: { Password: 'not-the-password' },
    });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().Code).toBe('proof_wrong');
    const renewed = ok<{ RecoveryCodes: string[] }>(
      await call(ctx.app, api.renewRecoveryCodes, caller, { body: { Code: codeOf(secret) } }),
    );
    expect(renewed.RecoveryCodes).toHaveLength(10);
    expect(renewed.RecoveryCodes).not.toContain(recovery[2]);
    const id = await agentId('AG3');
    expect(await auditActions(id, 'recovery_codes.renewed')).toHaveLength(1);
    // The old ones are gone.
    later();
    const { caller: c2, step } = await challengeOf('AG3');
    expect((await secondStep(c2, step.Challenge, { RecoveryCode: recovery[2]! })).statusCode).toBe(
      401,
    );
    ok(await secondStep(c2, step.Challenge, { RecoveryCode: renewed.RecoveryCodes[0]! }));

    ok(await call(ctx.app, api.removeTotp, caller, { body: { Password: 'demo-agent' } }));
    expect(await auditActions(id, 'second_step.removed')).toHaveLength(1);
    expect('SecondStep' in (await passwordLogin('AG3')).res.json()).toBe(false);
  });
});

describe('the log-in record', () => {
  it('records every attempt with its outcome and method, and the session its origin', async () => {
    later();
    const id = await agentId('AG2');
    const device = 'device-0123456789abcdef';
    const wrong = await call(ctx.app, api.login, await anonymous(ctx.app, '10.30.0.1'), {
      body: { Player: 'AG2', Password: 'not-the-password', SiteId: 1, Device: device },
    });
    expect(wrong.statusCode).toBe(401);
    const caller = await anonymous(ctx.app, '10.30.0.2');
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/core/WebClient4Frames/Login',
      remoteAddress: '10.30.0.2',
      headers: {
        'x-csrf-token': caller.csrf,
        cookie: `bl_csrf=${caller.csrf}`,
        'user-agent':
          'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36',
      },
      payload: { Player: 'AG2', Password: 'demo-agent', SiteId: 1, Device: device },
    });
    const session = ok<LoginResponse>(res);
    const events = await lastEvents(id, 2);
    expect(events.map((e) => `${e.outcome}/${e.method}/${e.ip}`)).toEqual([
      'ok/password/10.30.0.2',
      'wrong_credentials/password/10.30.0.1',
    ]);
    expect(events[0]!.device_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(events[0]!.device_hash).toBe(events[1]!.device_hash);
    expect(events[0]!.device_hash).not.toContain(device);
    const [row] = await queryRows<{ ip: string; device: string; method: string }>(
      ctx.database.db,
      sql`select ip, device, method from sessions where agent_id = ${id} order by id desc limit 1`,
    );
    expect(row).toEqual({ ip: '10.30.0.2', device: 'Chrome (Windows)', method: 'password' });
    const logins = await auditActions(id, 'login');
    expect(logins.at(-1)?.details).toMatchObject({ method: 'password' });

    ok(await call(ctx.app, api.logout, sessionCaller(caller, session)));
    const logouts = await auditActions(id, 'logout');
    expect(logouts).toHaveLength(1);
    expect(logouts[0]!.actor_id).toBe(id);
  });

  it('records a player\u2019s log-in too', async () => {
    await logIn(ctx.app, 'PL1001', 'demo-player', 1, '10.30.0.3');
    const [row] = await queryRows<{ kind: string; outcome: string; ip: string }>(
      ctx.database.db,
      sql`select kind, outcome, ip from login_events where player_id is not null
          order by id desc limit 1`,
    );
    expect(row).toEqual({ kind: 'player', outcome: 'ok', ip: '10.30.0.3' });
  });
});

describe('the site\u2019s policy', () => {
  it('is read and set by the master agent only, audited before and after', async () => {
    later();
    const master = await signedIn('MASTER');
    expect(ok(await call(ctx.app, api.getSecondStepPolicy, master))).toEqual({
      RequireSecondStep: false,
    });
    const agent = await signedIn('AG1');
    for (const e of [api.getSecondStepPolicy, api.setSecondStepPolicy] as Endpoint[]) {
      const res = await call(ctx.app, e, agent, { body: { RequireSecondStep: true } });
      expect(res.statusCode).toBe(403);
      expect(res.json().Code).toBe('policy_master_only');
    }
    ok(await call(ctx.app, api.setSecondStepPolicy, master, { body: { RequireSecondStep: true } }));
    const [row] = await queryRows<{ details: Record<string, unknown> }>(
      ctx.database.db,
      sql`select details from audit_log where action = 'policy.second_step' order by id desc limit 1`,
    );
    expect(row!.details).toMatchObject({
      before: { RequireSecondStep: false },
      after: { RequireSecondStep: true },
    });
  });

  it('makes an agent with a money right set an authenticator up at log-in; others go in', async () => {
    later();
    // AG2SUB: reports and casino; AG1SUB2: view-only. Neither moves money.
    for (const login of ['AG2SUB', 'AG1SUB2']) {
      expect('SecondStep' in (await passwordLogin(login)).res.json(), login).toBe(false);
    }
    const { caller, step } = await challengeOf('AG2');
    expect(step).toMatchObject({ Enrol: true, Methods: ['totp'] });
    // No code can finish it until an authenticator is set up.
    const early = await secondStep(caller, step.Challenge, { Code: '123456' });
    expect(early.statusCode).toBe(409);
    expect(early.json().Code).toBe('second_step_enrol_first');

    const setup = ok<{ Secret: string }>(
      await call(ctx.app, api.loginTotpStart, caller, { body: { Challenge: step.Challenge } }),
    );
    const bad = await call(ctx.app, api.loginTotpConfirm, caller, {
      body: { Challenge: step.Challenge, Code: codeOf(setup.Secret, 3) },
    });
    expect(bad.statusCode).toBe(401);
    const done = ok<{ Session: LoginResponse; RecoveryCodes: string[] }>(
      await call(ctx.app, api.loginTotpConfirm, caller, {
        body: { Challenge: step.Challenge, Code: codeOf(setup.Secret) },
      }),
    );
    expect(done.RecoveryCodes).toHaveLength(10);
    const session = sessionCaller(caller, done.Session);
    expect(ok(await call(ctx.app, api.getSecondStep, session))).toMatchObject({
      Totp: true,
      Required: true,
      SiteRequires: true,
    });
    // Its last method, while the site requires one: kept.
    const remove = await call(ctx.app, api.removeTotp, session, {
      body: { Password: 'demo-agent' },
    });
    expect(remove.statusCode).toBe(409);
    expect(remove.json().Code).toBe('second_step_last_method');

    // The master holds every right: it too owes a second step now, and has none yet.
    const { caller: mc, step: ms } = await challengeOf('MASTER');
    expect(ms.Enrol).toBe(true);
    const mSetup = ok<{ Secret: string }>(
      await call(ctx.app, api.loginTotpStart, mc, { body: { Challenge: ms.Challenge } }),
    );
    const mDone = ok<{ Session: LoginResponse }>(
      await call(ctx.app, api.loginTotpConfirm, mc, {
        body: { Challenge: ms.Challenge, Code: codeOf(mSetup.Secret) },
      }),
    );
    const masterCaller = sessionCaller(mc, mDone.Session);
    ok(
      await call(ctx.app, api.setSecondStepPolicy, masterCaller, {
        body: { RequireSecondStep: false },
      }),
    );
    ok(await call(ctx.app, api.removeTotp, masterCaller, { body: { Password: 'demo-master' } }));
    ok(await call(ctx.app, api.removeTotp, session, { body: { Password: 'demo-agent' } }));
  });
});

describe('a parent\u2019s reset', () => {
  it('removes a sub-agent\u2019s second step and ends its sessions', async () => {
    later();
    const sub = await signedIn('AG1SUB');
    const { secret } = await enrol(sub);
    later();
    const again = await signedIn('AG1SUB', secret);
    const parent = await signedIn('AG1');
    const id = await agentId('AG1SUB');
    ok(await call(ctx.app, api.resetAgentSecondStep, parent, { body: { IdAgent: id } }));
    for (const s of [sub, again]) {
      expect((await call(ctx.app, api.agentLogin, s)).statusCode).toBe(401);
    }
    expect('SecondStep' in (await passwordLogin('AG1SUB')).res.json()).toBe(false);
    const [row] = await auditActions(id, 'second_step.reset');
    expect(row).toMatchObject({ actor_id: await agentId('AG1'), details: { totp: true } });
  });

  it('is refused for the agent itself, above it, outside its tree or without the right', async () => {
    later();
    const parent = await signedIn('AG1');
    const sub = await signedIn('AG1SUB');
    const master2 = await signedIn('MASTER2');
    const cases: [Caller, string, number, string][] = [
      [parent, 'AG1', 403, 'own_second_step_elsewhere'],
      // AG1SUB holds no manageAgents: refused before its target is looked at.
      [sub, 'AG1', 403, 'right_required'],
      // Outside the caller's tree (a sibling's sub-agent, another site): as a missing one.
      [parent, 'AG2SUB', 404, 'agent_not_found'],
      [master2, 'AG1SUB', 404, 'agent_not_found'],
    ];
    for (const [caller, target, status, code] of cases) {
      const res = await call(ctx.app, api.resetAgentSecondStep, caller, {
        body: { IdAgent: await agentId(target) },
      });
      expect(res.statusCode, target).toBe(status);
      expect(res.json().Code, target).toBe(code);
    }
  });
});

describe('refusals of each new call', () => {
  const agentCalls: [Endpoint, unknown][] = [
    [api.getSecondStep, undefined],
    [api.startTotp, {}],
    [api.confirmTotp, { Code: '123456' }],
    [api.removeTotp, { Password: 'x' }],
    [api.renewRecoveryCodes, { Password: 'x' }],
    [api.resetAgentSecondStep, { IdAgent: 1 }],
    [api.getSecondStepPolicy, undefined],
    [api.setSecondStepPolicy, { RequireSecondStep: false }],
  ];

  it('answers 401 without a session and 403 to a player', async () => {
    const anon = await anonymous(ctx.app, nextIp());
    const player = await logIn(ctx.app, 'PL1001', 'demo-player', 1, nextIp());
    for (const [e, body] of agentCalls) {
      expect((await call(ctx.app, e, anon, { body })).statusCode, e.path).toBe(401);
      const res = await call(ctx.app, e, player, { body });
      expect(res.statusCode, e.path).toBe(403);
      expect(res.json().Code, e.path).toBe('agents_only');
    }
  });

  it('answers 400 for input that is not valid', async () => {
    const caller = await signedIn('AG1');
    const bad: [Endpoint, unknown][] = [
      [api.confirmTotp, { Code: '12345' }],
      [api.removeTotp, {}],
      [api.removeTotp, { Code: '123456', Password: 'both-given' }],
      [api.renewRecoveryCodes, { Code: 'abcdef' }],
      [api.resetAgentSecondStep, { IdAgent: 'me' }],
      [api.setSecondStepPolicy, { RequireSecondStep: 'yes' }],
    ];
    for (const [e, body] of bad) {
      expect((await call(ctx.app, e, caller, { body })).statusCode, e.path).toBe(400);
    }
    const anon = await anonymous(ctx.app, nextIp());
    const publicBad: [Endpoint, unknown][] = [
      [api.loginSecondStep, { Challenge: 'x'.repeat(43) }],
      [
        api.loginSecondStep,
        { Challenge: 'x'.repeat(43), Code: '123456', RecoveryCode: 'abcd-efgh-jk' },
      ],
      [api.loginSecondStep, { Challenge: 'short', Code: '123456' }],
      [api.loginTotpStart, {}],
      [api.loginTotpConfirm, { Challenge: 'x'.repeat(43), Code: '1' }],
    ];
    for (const [e, body] of publicBad) {
      expect((await call(ctx.app, e, anon, { body })).statusCode, e.path).toBe(400);
    }
  });

  it('answers 401 to an unknown challenge, alike for every public call', async () => {
    const anon = await anonymous(ctx.app, nextIp());
    const Challenge = 'x'.repeat(43);
    for (const [e, body] of [
      [api.loginSecondStep, { Challenge, Code: '123456' }],
      [api.loginSecondStep, { Challenge, RecoveryCode: 'abcd-efgh-jk' }],
      [api.loginTotpStart, { Challenge }],
      [api.loginTotpConfirm, { Challenge, Code: '123456' }],
    ] as [Endpoint, unknown][]) {
      const res = await call(ctx.app, e, anon, { body });
      expect(res.statusCode, e.path).toBe(401);
      expect(res.json().Code, e.path).toBe('second_step_expired');
    }
  });

  it('answers 409 to a confirm or removal with nothing set up', async () => {
    const caller = await signedIn('AG1SUBA');
    const confirm = await call(ctx.app, api.confirmTotp, caller, { body: { Code: '123456' } });
    expect(confirm.statusCode).toBe(409);
    expect(confirm.json().Code).toBe('totp_not_started');
    const remove = await call(ctx.app, api.removeTotp, caller, { body: { Password: 'demo-sub' } });
    expect(remove.json().Code).toBe('totp_none');
  });
});

describe('a one-time token or an access link', () => {
  it('still asks an agent for its second step', async () => {
    later();
    const caller = await signedIn('AG1SUBA');
    const { secret } = await enrol(caller);
    const tokenOf = async () => {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/core/WebClient4Frames/LoginToken',
        headers: { 'x-site-key': 'demo-site-key' },
        payload: { Player: 'AG1SUBA', SiteId: 1 },
      });
      return ok<{ Token: string }>(res).Token;
    };
    later();
    const anon = await anonymous(ctx.app, nextIp());
    const byToken = ok<SecondStepNeeded>(
      await call(ctx.app, api.login, anon, {
        body: { Player: 'AG1SUBA', Token: await tokenOf(), SiteId: 1 },
      }),
    );
    expect(byToken.SecondStep.Methods).toEqual(['totp', 'recovery']);

    // The link sets the password (it proves the mailbox) but opens no session without the code.
    const byLink = ok<SecondStepNeeded>(
      await call(ctx.app, api.setPasswordByLink, anon, {
        body: {
          Player: 'AG1SUBA',
          Token: await tokenOf(),
          SiteId: 1,
          NewPassword: 'a new pass phrase for the sub',
        },
      }),
    );
    expect(byLink).not.toHaveProperty('Token');
    const session = ok<LoginResponse>(
      await secondStep(anon, byLink.SecondStep.Challenge, { Code: codeOf(secret) }),
    );
    const events = await lastEvents(await agentId('AG1SUBA'), 4);
    expect(events.map((e) => `${e.outcome}/${e.method}`)).toEqual([
      'ok/totp',
      'second_step/link',
      'second_step/token',
      'ok/password',
    ]);
    ok(
      await call(ctx.app, api.removeTotp, sessionCaller(anon, session), {
        body: { Password: 'a new pass phrase for the sub' },
      }),
    );
  });
});

describe('a log-in challenge', () => {
  it('never sets an app up for an agent that has a second step already', async () => {
    later();
    const id = await agentId('AG2SUB');
    await ctx.database.db.execute(
      sql`insert into agent_passkeys (agent_id, credential_id, public_key, name)
          values (${id}, 'matrix-credential-ag2sub', 'matrix-key', 'Test key')`,
    );
    const { caller, step } = await challengeOf('AG2SUB');
    expect(step).toMatchObject({ Methods: ['passkey'], Enrol: false });
    // A thief with the password cannot enrol an app of its own to walk past the passkey.
    for (const [e, body] of [
      [api.loginTotpStart, { Challenge: step.Challenge }],
      [api.loginTotpConfirm, { Challenge: step.Challenge, Code: '123456' }],
    ] as [Endpoint, unknown][]) {
      const res = await call(ctx.app, e, caller, { body });
      expect(res.statusCode, e.path).toBe(409);
      expect(res.json().Code, e.path).toBe('second_step_enrolled');
    }
    expect(
      await queryRows(ctx.database.db, sql`select 1 from agent_totp where agent_id = ${id}`),
    ).toHaveLength(0);
    // Nor can a code be right for it: it counts as a wrong one.
    const code = await secondStep(caller, step.Challenge, { Code: '123456' });
    expect(code.json()).toMatchObject({ Code: 'second_step_code_wrong', Params: { tries: 4 } });
    await ctx.database.db.execute(sql`delete from agent_passkeys where agent_id = ${id}`);
    await ctx.database.db.execute(sql`update agents set failed_logins = 0 where id = ${id}`);
  });
});
