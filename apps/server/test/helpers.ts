// Builds the app on a private copy of the seeded template and talks to it through inject().
import { rmSync } from 'node:fs';
import { afterAll, beforeAll, expect, inject } from 'vitest';
import pg from 'pg';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import {
  authorizationHeader,
  DEFAULT_BASES,
  type Endpoint,
  type LoginResponse,
} from '@backline/contract';
import { loadConfig, type Config } from '../src/config.ts';
import { openDatabase, type Database } from '../src/db/open-database.ts';
import { buildApp } from '../src/app.ts';
import { clockStartingAt, type Clock } from '../src/clock.ts';
import { copyDir, withDatabase } from './global-setup.ts';
import { TEST_SEED } from './seed-options.ts';
import { DEMO_LOGINS } from '../src/seed/demo-logins.ts';
import { idOf } from './db-helpers.ts';

export interface TestContext {
  app: FastifyInstance;
  database: Database;
  /** The reports' own copy when the app was built with a replica (a replica that has not caught up). */
  reportsDatabase?: Database;
  config: Config;
}

interface OwnDatabase {
  database: Database;
  drop: () => Promise<void>;
}

/** A database of its own on the tests' cluster, created from `from` (a template name) or empty. */
async function createOnCluster(
  url: string,
  name: string,
  from?: string,
  poolSize = 5,
): Promise<OwnDatabase> {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`drop database if exists ${name}`);
  await admin.query(`create database ${name}${from ? ` template ${from}` : ''}`);
  const database = await openDatabase({ url: withDatabase(url, name), poolSize });
  return {
    database,
    drop: async () => {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}

async function openCopy(): Promise<OwnDatabase> {
  const template = inject('template');
  if (template.kind === 'pglite') {
    const dir = copyDir(template.dir);
    const database = await openDatabase({ dataDir: dir });
    return { database, drop: async () => rmSync(dir, { recursive: true, force: true }) };
  }
  const name = `backline_test_${process.pid}_${Math.floor(Math.random() * 1e9)}`;
  return createOnCluster(template.url, name, template.name);
}

/** An empty database (migrated, no demo) of the test file's own: its runs' data are all it holds. */
async function openEmptyDatabase(label: string): Promise<OwnDatabase> {
  const template = inject('template');
  if (template.kind === 'pglite') return { database: await openDatabase({}), drop: async () => {} };
  return createOnCluster(template.url, `backline_${label}_${process.pid}`, undefined, 10);
}

/** The body of a 200 answer, failing the test with the body of any other. */
export function ok<T>(res: { statusCode: number; body: string }): T {
  expect(res.statusCode, res.body).toBe(200);
  return JSON.parse(res.body) as T;
}

/** The refusal's code and parameters, after its status. */
export function refused(res: LightMyRequestResponse, status: number, code: string) {
  expect(res.statusCode, res.body).toBe(status);
  const body = res.json() as { Code: string; Params?: Record<string, unknown>; Message: string };
  expect(body.Code, res.body).toBe(code);
  return body;
}

let demoClock = clockStartingAt(TEST_SEED.now);

/**
 * The demo's "now", moving on in real time from the start of the test file, so reports see the same
 * week whatever day tests run.
 */
export const testClock: Clock = () => demoClock();

/** Starts testClock again at the demo's "now": test files share this module (setup-file.ts). */
export function restartTestClock(): void {
  demoClock = clockStartingAt(TEST_SEED.now);
}

export interface TestAppOptions {
  /** The app's clock (default testClock); a test that moves time passes its own. */
  now?: () => Date;
  /** Where the log goes, for tests that read it (set LOG_LEVEL in env too). */
  logStream?: NodeJS.WritableStream;
  /** Give the reports a database of their own, as a read replica (REPORTS_DATABASE_URL) would be. */
  replica?: boolean;
  /**
   * Start from an empty database (migrated, no demo) instead of the seeded demo, named by this label
   * on PostgreSQL: a model run's own sites are then all it holds, so each check reads little.
   */
  empty?: string;
}

/** One app per test file, on its own copy of the seeded demo (or an empty database). */
export function useTestApp(
  env: Record<string, string> = {},
  { now = testClock, logStream, replica = false, empty }: TestAppOptions = {},
): TestContext {
  const ctx = {} as TestContext;
  const drops: (() => Promise<void>)[] = [];
  beforeAll(async () => {
    const copy = empty === undefined ? await openCopy() : await openEmptyDatabase(empty);
    drops.push(copy.drop);
    ctx.database = copy.database;
    if (replica) {
      const reports = await openCopy();
      drops.push(reports.drop);
      ctx.reportsDatabase = reports.database;
    }
    ctx.config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', ...env });
    ctx.app = await buildApp({
      config: ctx.config,
      database: ctx.database,
      reportsDatabase: ctx.reportsDatabase,
      now,
      ...(logStream ? { logStream } : {}),
    });
  });
  afterAll(async () => {
    await ctx.app?.close();
    await ctx.database?.close();
    await ctx.reportsDatabase?.close();
    for (const drop of drops) await drop();
  });
  return ctx;
}

export interface Caller {
  authorization?: string;
  csrf: string;
  ip?: string;
}

/** A caller with a CSRF cookie, as a browser that loaded the app would have. */
export async function anonymous(app: FastifyInstance, ip = '127.0.0.1'): Promise<Caller> {
  const res = await app.inject({ method: 'GET', url: '/healthz', remoteAddress: ip });
  const cookie = res.cookies.find((c) => c.name === 'bl_csrf');
  if (!cookie) throw new Error('no CSRF cookie set');
  return { csrf: cookie.value, ip };
}

/** A query value as text: an object as its JSON (a hostile one may not even have a toString). */
const text = (v: unknown) => (v !== null && typeof v === 'object' ? JSON.stringify(v) : String(v));

/** The endpoint's URL: `{name}` in its path taken from the query, the rest as the query string. */
export function urlOf(e: Endpoint, query: Record<string, unknown> = {}): string {
  const rest = { ...query };
  const path = e.path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = rest[name];
    delete rest[name];
    return encodeURIComponent(text(value).toWellFormed());
  });
  // An array repeats its key, as a browser's form would.
  const qs = new URLSearchParams(
    Object.entries(rest).flatMap(([k, v]) =>
      v === undefined ? [] : Array.isArray(v) ? v.map((x) => [k, text(x)]) : [[k, text(v)]],
    ),
  ).toString();
  return `${DEFAULT_BASES[e.base]}${path}${qs ? `?${qs}` : ''}`;
}

export async function call(
  app: FastifyInstance,
  e: Endpoint,
  caller: Caller | null,
  input: { query?: Record<string, unknown>; body?: unknown } = {},
): Promise<LightMyRequestResponse> {
  const headers: Record<string, string> = {};
  if (caller?.authorization) headers.authorization = caller.authorization;
  if (caller && e.method !== 'GET') {
    headers['x-csrf-token'] = caller.csrf;
    headers.cookie = `bl_csrf=${caller.csrf}`;
  }
  return app.inject({
    method: e.method,
    url: urlOf(e, input.query),
    headers,
    remoteAddress: caller?.ip ?? '127.0.0.1',
    ...(e.method === 'GET' ? {} : { payload: (input.body ?? {}) as object }),
  });
}

export async function logIn(
  app: FastifyInstance,
  login: string,
  password: string,
  siteId = 1,
  ip = '127.0.0.1',
): Promise<Caller & { session: LoginResponse }> {
  const { api } = await import('@backline/contract');
  const caller = await anonymous(app, ip);
  const res = await call(app, api.login, caller, {
    body: { Player: login, Password: password, SiteId: siteId },
  });
  if (res.statusCode !== 200)
    throw new Error(`log-in of ${login} failed: ${res.statusCode} ${res.body}`);
  const session = res.json() as LoginResponse;
  return { ...sessionCaller(caller, session), session };
}

/** A caller holding a session a log-in answered (the agent's own view, or the player). */
export function sessionCaller(caller: Caller, session: LoginResponse): Caller {
  const authorization =
    session.Kind === 'agent'
      ? authorizationHeader({
          kind: 'agentSite',
          email: session.UserEmail,
          token: session.Token,
          actAs: 0,
          siteId: session.SiteId,
        })
      : authorizationHeader({
          kind: 'player',
          player: session.Player,
          token: session.Token,
          siteId: session.SiteId,
        });
  return { ...caller, authorization };
}

/** The demo's password of each log-in (a copy a test may change as it changes passwords). */
export function demoPasswords(): Record<string, string> {
  return Object.fromEntries(DEMO_LOGINS.map((l) => [l.login, l.password]));
}

/**
 * A live session of a demo log-in, opened on its first use and kept for the file; `clear()` forgets
 * them all, for a test that moves the clock past the sessions' life.
 */
export function demoSessions(ctx: TestContext) {
  const sessions = new Map<string, Caller & { session: LoginResponse }>();
  const as = async (login: string) => {
    let s = sessions.get(login);
    if (!s) {
      const { password, siteId } = DEMO_LOGINS.find((l) => l.login === login)!;
      s = await logIn(ctx.app, login, password, siteId);
      sessions.set(login, s);
    }
    return s;
  };
  return Object.assign(as, { clear: () => sessions.clear() });
}

/** The demo agents' ids by login, read before the file's tests run. */
export function demoAgentIds(ctx: TestContext): Record<string, number> {
  const ids: Record<string, number> = {};
  beforeAll(async () => {
    for (const l of DEMO_LOGINS.filter((d) => d.role !== 'player'))
      ids[l.login] = await idOf(ctx.database, 'agents', l.login, l.siteId);
  });
  return ids;
}

/** The same session acting for another agent (third Token form). */
export function actingAs(caller: Caller & { session: LoginResponse }, actAs: number): Caller {
  const s = caller.session;
  return {
    ...caller,
    authorization: authorizationHeader({
      kind: 'agentSite',
      email: s.UserEmail,
      token: s.Token,
      actAs,
      siteId: s.SiteId,
    }),
  };
}
