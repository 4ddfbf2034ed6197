// Issue 8, item 1: every endpoint of the contract, in every form, against every caller relation.
// Allowed exactly when the target is inside the caller's subtree and site and the right is held;
// a refused call changes nothing; an allowed answer names nobody outside the caller's reach.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '@backline/contract';
import { call, logIn, testClock, useTestApp } from '../helpers.ts';
import {
  endpoints,
  formsOf,
  answersWithStream,
  unclassifiedFields,
  type ContractEndpoint,
  type Form,
} from './contract-walk.ts';
import { foreignData, reachOf, type Reach } from './foreign-ids.ts';
import {
  credentialOf,
  codeFor,
  BASE_CALLER,
  MATRIX_CALLERS,
  relationTargets,
  resolveTargets,
  siteKeyOf,
  type Stale,
} from './matrix-calls.ts';
import {
  AGENT_RELATIONS,
  CALLER_RELATIONS,
  expectedOutcome,
  isAgentRelation,
  type Relation,
} from './oracle.ts';
import { sampleObject, setPath } from './samples.ts';
import { send } from './send.ts';
import { makeWebDist } from './web-dist.ts';
import { loadWorld, type Agent, type World } from './world.ts';

const MINUTE = 60_000;
let offset = 0;
const clock = () => new Date(testClock().getTime() + offset);
const web = makeWebDist();
const ctx = useTestApp(
  {
    WEB_DIST: web.dir,
    LOGIN_LIMIT_PER_ACCOUNT: '1000000',
    LOGIN_LIMIT_PER_ADDRESS: '1000000',
  },
  { now: clock },
);
afterAll(() => web.remove());

let world: World;
let stale: Stale;
const reaches = new Map<number, Reach>();

const figures = {
  endpoints: 0,
  forms: 0,
  cases: 0,
  allowed: 0,
  refused: 0,
  notApplicable: 0,
  mismatches: 0,
  valuesChecked: 0,
  foreign: 0,
  relations: new Set<Relation>(),
};

beforeAll(async () => {
  world = await loadWorld(ctx, clock);
  // A webhook secret is rotated only once there is an endpoint: the master sets one first.
  const endpoint = await call(ctx.app, api.setWebhookEndpoint, await world.session('MASTER'), {
    body: { Url: 'http://localhost:5173/hooks' },
  });
  expect(endpoint.statusCode, endpoint.body).toBe(200);
  // Two sessions of the base caller: one left idle past 30 min, one kept busy past 8 h.
  const idle = await logIn(
    ctx.app,
    BASE_CALLER,
    world.passwords.get(BASE_CALLER)!,
    1,
    '10.250.0.1',
  );
  const busy = await logIn(
    ctx.app,
    BASE_CALLER,
    world.passwords.get(BASE_CALLER)!,
    1,
    '10.250.0.2',
  );
  for (let step = 1; step <= 24; step++) {
    offset += 20 * MINUTE;
    const res = await call(ctx.app, api.agentLogin, busy);
    expect(res.statusCode, `busy session at ${step * 20} min`).toBe(step < 24 ? 200 : 401);
  }
  expect((await call(ctx.app, api.agentLogin, idle)).statusCode).toBe(401);
  stale = { expiredIdle: idle, expiredAbsolute: busy };
}, 120_000);

afterAll(() => {
  const { relations, ...rest } = figures;
  console.log(
    `authorization matrix: ${JSON.stringify({ ...rest, relations: relations.size })}` +
      `\n  relations: ${[...relations].join(', ')}`,
  );
});

interface Mismatch {
  form: string;
  relation: string;
  caller: string;
  target: string;
  expected: string;
  got: string;
}

async function runCase(
  form: Form,
  rel: Relation,
  caller: Agent,
  target: Agent,
  mismatches: Mismatch[],
): Promise<void> {
  const { name, e } = form.endpoint;
  const actsAs = form.targets.every((t) => t.kind === 'streamTicket' || t.kind === 'exportTicket');
  const actAs = actsAs && isAgentRelation(rel) && target.id !== caller.id ? target.id : 0;
  const cred = await credentialOf(ctx.app, world, stale, rel, caller, actAs);
  const today = clock().toISOString().slice(0, 10);
  const resolved = await resolveTargets(ctx.app, ctx.database.db, world, form, target, cred, today);
  const given: Record<string, unknown> = { ...resolved.extra };
  const fields = [form.query, form.body].flatMap((s) => Object.keys(s?.properties ?? {}));
  if (fields.includes('Code')) given.Code = await codeFor(ctx.app, ctx.database.db, e, cred);
  const query = form.query ? sampleObject(form.query, today, given) : undefined;
  const body = form.body ? sampleObject(form.body, today, given) : undefined;
  form.targets.forEach((t, i) =>
    setPath((t.part === 'query' ? query : body)!, t.path, resolved.targets[i]),
  );
  const siteKey =
    e.audience === 'site' && isAgentRelation(rel) ? siteKeyOf(caller.siteId) : undefined;

  const expected = expectedOutcome(name, e, form, rel, caller, target, world);
  // What a refused call must leave as it was (only refusals are compared, so only they need it).
  const before = expected.allowed ? null : await world.fingerprint();
  const answer = await send(ctx.app, e, cred.caller, {
    ...(query ? { query } : {}),
    ...(body ? { body } : {}),
    ...(siteKey ? { headers: { 'x-site-key': siteKey } } : {}),
  });
  const allowed = answer.status >= 200 && answer.status < 300;
  figures.cases++;
  figures.relations.add(rel);
  if (allowed) figures.allowed++;
  else figures.refused++;

  const problems: string[] = [];
  if (allowed !== expected.allowed) problems.push(allowed ? 'allowed' : 'refused');
  else if (!expected.allowed && !expected.statuses.includes(answer.status))
    problems.push(`status ${answer.status}`);
  if (!allowed && before && (await world.fingerprint()) !== before)
    problems.push('a refused call changed data');
  if (allowed && !answersWithStream(e)) {
    const parsed = e.response.safeParse(JSON.parse(answer.body));
    if (!parsed.success)
      problems.push(`answer off contract: ${parsed.error.message.slice(0, 200)}`);
    // The translations are one static file for everyone: their examples ("e.g. W000008092")
    // and titles ("Master") are about no account.
    if (isAgentRelation(rel) && e !== api.i18n) {
      // A log-in answers for the account whose password it was given, not for the caller.
      const whose = form.targets.some((t) => t.kind === 'login') ? target : caller;
      let reach = reaches.get(whose.id);
      if (!reach) reaches.set(whose.id, (reach = await reachOf(ctx.database.db, whose.id)));
      let ids = foreignData(parsed.data, reach);
      // An agent or a player the call itself made (CreateAgent, CreatePlayer) is in reach once
      // the reach is read again.
      if (ids.foreign.length) {
        reaches.set(whose.id, (reach = await reachOf(ctx.database.db, whose.id)));
        ids = foreignData(parsed.data, reach);
      }
      figures.valuesChecked += ids.checked;
      figures.foreign += ids.foreign.length;
      if (ids.foreign.length) problems.push(`foreign data ${ids.foreign.slice(0, 5).join(', ')}`);
    }
    const newPassword = (body as { NewPassword?: string } | undefined)?.NewPassword;
    const namesAccount = form.targets.some((t) => t.kind === 'agent' || t.kind === 'player');
    const account = namesAccount ? resolved.account : cred.signedIn;
    if (newPassword && account) world.passwords.set(account, newPassword);
  }
  if (problems.length) {
    mismatches.push({
      form: form.label,
      relation: rel,
      caller: caller.login,
      target: target.login,
      expected: expected.allowed ? 'allowed' : `${expected.statuses.join('/')} (${expected.why})`,
      got: `${answer.status} ${problems.join('; ')} ${allowed ? '' : answer.body.slice(0, 160)}`,
    });
  }
}

async function walk(c: ContractEndpoint): Promise<Mismatch[]> {
  const mismatches: Mismatch[] = [];
  // A call about the session itself may end it, or use up its codes: it gets fresh sessions.
  if (c.e.audience === 'session') world.sessions.clear();
  await world.refreshRights();
  figures.endpoints++;
  for (const form of formsOf(c)) {
    figures.forms++;
    for (const login of MATRIX_CALLERS) {
      const caller = world.agent(login);
      const targets = relationTargets(world, caller);
      for (const rel of AGENT_RELATIONS) {
        const target = targets[rel];
        if (target) await runCase(form, rel, caller, target, mismatches);
        else figures.notApplicable++;
      }
    }
    const base = world.agent(BASE_CALLER);
    for (const rel of CALLER_RELATIONS) await runCase(form, rel, base, base, mismatches);
  }
  figures.mismatches += mismatches.length;
  return mismatches;
}

describe('authorization matrix', () => {
  it('knows what every reference-like field of the contract names', () => {
    expect(unclassifiedFields()).toEqual([]);
  });

  it('places the callers in the demo tree as the relations say', () => {
    for (const login of MATRIX_CALLERS) {
      const caller = world.agent(login);
      const t = relationTargets(world, caller);
      const below = world.below(caller.id);
      expect(below.has(t.descendant!.id), login).toBe(true);
      expect(t.descendant!.id).not.toBe(caller.id);
      if (t.parent) expect(below.has(t.parent.id), login).toBe(false);
      if (t.sibling) expect(below.has(t.sibling.id), login).toBe(false);
      expect(t.otherSite!.siteId).not.toBe(caller.siteId);
    }
  });

  for (const c of endpoints) {
    it(`${c.name}: allowed exactly inside the caller's reach`, { timeout: 300_000 }, async () => {
      expect(await walk(c)).toEqual([]);
    });
  }
});
