// Turns (form, relation) into a real request: whose Token it carries, the target values the
// relation picks from the demo tree, and plain valid values for the rest.
import { randomUUID } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { api, authorizationHeader, type Endpoint } from '@backline/contract';
import { queryRows, type Db } from '../../src/db/query.ts';
import { SITE_DEFS } from '../../src/seed/demo-sites.ts';
import { sha256 } from '../../src/security/tokens.ts';
import { anonymous, call, logIn, type Caller } from '../helpers.ts';
import { endpoints, type Form, type TargetKind } from './contract-walk.ts';
import { isAgentRelation, missingValueOf, type AgentRelation, type Relation } from './oracle.ts';
import { sampleObject } from './samples.ts';
import { lastMailText, nextAddress, type Agent, type Session, type World } from './world.ts';

export const MATRIX_CALLERS = ['AG1', 'AG2', 'MASTER'] as const;
/** The agent whose session the relations that vary the caller start from. */
export const BASE_CALLER = 'AG1';
export const PLAYER_CALLER = 'PL1001';

/** The agent each relation points at, from the caller's place in the tree (absent: no such agent). */
export function relationTargets(
  world: World,
  caller: Agent,
): Partial<Record<AgentRelation, Agent>> {
  const callers = new Set<string>(MATRIX_CALLERS);
  const children = (id: number | null) =>
    world.agents.filter((a) => a.parentId === id && id !== null);
  const parent = caller.parentId === null ? undefined : world.byId.get(caller.parentId);
  const otherSite = world.agents.filter((a) => a.siteId !== caller.siteId);
  return {
    self: caller,
    descendant: children(caller.id).find((a) => !callers.has(a.login)),
    parent,
    sibling: children(caller.parentId).find((a) => a.id !== caller.id),
    otherSite: otherSite.find((a) => a.parentId !== null) ?? otherSite[0],
  };
}

export interface Stale {
  expiredIdle: Session;
  expiredAbsolute: Session;
}

export interface Credential {
  caller: Caller;
  /** The live session behind the Token, when there is one (to ask for codes and tickets). */
  live: Session | null;
  /** The account signed in, whose own password a session call changes. */
  signedIn: string | null;
}

function token(s: Session, over: { actAs?: number; siteId?: number; email?: string } = {}) {
  return authorizationHeader({
    kind: 'agentSite',
    email: over.email ?? s.session.UserEmail,
    token: s.session.Token,
    actAs: over.actAs ?? 0,
    siteId: over.siteId ?? s.session.SiteId,
  });
}

export async function credentialOf(
  app: FastifyInstance,
  world: World,
  stale: Stale,
  rel: Relation,
  caller: Agent,
  actAs: number,
): Promise<Credential> {
  const ip = nextAddress();
  const as = (s: Session, authorization: string, live: Session | null): Credential => ({
    caller: { ...s, ip, authorization },
    live,
    signedIn: live ? s.session.Player : null,
  });
  if (isAgentRelation(rel)) {
    const s = await world.session(caller.login);
    return as(s, token(s, { actAs }), s);
  }
  if (rel === 'player') {
    const s = await world.session(PLAYER_CALLER);
    return as(s, s.authorization!, s);
  }
  if (rel === 'anonymous') return { caller: await anonymous(app, ip), live: null, signedIn: null };
  if (rel === 'expiredIdle' || rel === 'expiredAbsolute') {
    const s = stale[rel];
    return as(s, token(s), null);
  }
  const base = await world.session(BASE_CALLER);
  const parent = world.byId.get(world.agent(BASE_CALLER).parentId!)!;
  const other = world.agents.find(
    (a) => a.siteId === base.session.SiteId && a.login !== BASE_CALLER,
  )!;
  const tampered = {
    tamperedSite: token(base, { siteId: base.session.SiteId + 1 }),
    tamperedId: token(base, { actAs: parent.id }),
    tamperedPrincipal: token(base, { email: other.email }),
  }[rel];
  return as(base, tampered, null);
}

async function firstId(db: Db, query: SQL): Promise<number | undefined> {
  const [row] = await queryRows<{ id: number }>(db, query);
  return row?.id;
}

/** The export a ticket is asked for: the smallest report, in the caller's own scope. */
const SMALL_EXPORT = { report: 'agentTree', filters: {}, format: 'csv' };

const signUpForm = endpoints.find((c) => c.e === api.insertAgentSignUp)!.body!;

export interface Resolved {
  /** The value of each target field, in the form's order. */
  targets: unknown[];
  /** Values the targets bring along by name (the password of the account logging in). */
  extra: Record<string, unknown>;
  /** The account a NewPassword in this call is for, when the call names one. */
  account: string | null;
}

/** The value of each target field of the form for the relation's agent. */
export async function resolveTargets(
  app: FastifyInstance,
  db: Db,
  world: World,
  form: Form,
  target: Agent,
  cred: Credential,
  today: string,
): Promise<Resolved> {
  const extra: Record<string, unknown> = {};
  let account: string | null = null;
  const root = world.agents.find((a) => a.siteId === target.siteId && a.parentId === null)!;
  const by: Record<TargetKind, () => Promise<unknown>> = {
    agent: async () => {
      account = target.login;
      return target.id;
    },
    agentEmail: async () => target.email,
    site: async () => target.siteId,
    login: async () => {
      extra.Password = world.passwords.get(target.login);
      return target.login;
    },
    player: () =>
      firstId(
        db,
        sql`select id from players where agent_id = ${target.id} and active
            and lower(login) not in ${world.published} order by id limit 1`,
      ),
    wager: () =>
      firstId(
        db,
        sql`select id from wagers where agent_id = ${target.id} and status = 'open' order by id limit 1`,
      ),
    wagerTicket: async () => {
      const [row] = await queryRows<{ ticket: string }>(
        db,
        sql`select ticket from wagers where agent_id = ${target.id} order by id limit 1`,
      );
      return row?.ticket;
    },
    notification: async () => {
      const sender = await world.session(root.login);
      const res = await call(app, api.insertNotification, sender, {
        body: { Title: 'Matrix', Body: 'For one agent', idAgent: target.id },
      });
      if (res.statusCode !== 200) throw new Error(`notification not sent: ${res.body}`);
      return res.json().IdNotification;
    },
    // A pending request for one of the target's own players, for the target to decide: it asks
    // for the limits the player has, so an approval changes nothing but the request.
    limitRequest: async () => {
      const [row] = await queryRows<{ id: number }>(
        db,
        sql`with asked as (
              select p.id, jsonb_build_object('CreditLimit', p.credit_limit, 'TempCredit', 0,
                'TempCreditUntil', null, 'MaxWager', p.max_wager, 'Limits',
                jsonb_build_object('MinByType', '{}'::jsonb, 'MaxByType', '{}'::jsonb,
                  'MaxBySport', '{}'::jsonb, 'MaxParlayLegs', null, 'MaxParlayPayout', null)
                  || p.wager_limits) as limits
              from players p)
            insert into limit_requests (site_id, player_id, approver_id, requested_by, asked,
              before, passed, reason)
            select p.site_id, p.id, p.agent_id, p.agent_id, a.limits, a.limits, '[]'::jsonb,
              'matrix'
            from players p join asked a on a.id = p.id
            where p.agent_id = ${target.id} and p.active
              and not exists (select 1 from limit_requests r
                              where r.player_id = p.id and r.status = 'pending')
            order by p.id limit 1
            returning id`,
      );
      return row?.id;
    },
    signUp: async () => {
      const res = await call(app, api.insertAgentSignUp, await anonymous(app, nextAddress()), {
        body: sampleObject(signUpForm, today, { SiteId: target.siteId }),
      });
      if (res.statusCode !== 200) throw new Error(`sign-up not filed: ${res.body}`);
      return res.json().IdSignUp;
    },
    // An export of the caller's own session (another session's answers 404: export-ticket.test.ts).
    export: async () => {
      const res = await call(app, api.exportTicket, cred.caller, { body: SMALL_EXPORT });
      return res.statusCode === 200 ? res.json().IdExport : undefined;
    },
    exportTicket: async () => {
      const res = await call(app, api.exportTicket, cred.caller, { body: SMALL_EXPORT });
      return res.statusCode === 200 ? res.json().Ticket : undefined;
    },
    // A delivery of the target's site: its master sets the endpoint and enters a payment.
    webhookDelivery: async () => {
      const master = await world.session(root.login);
      const endpoint = await call(app, api.setWebhookEndpoint, master, {
        body: { Url: 'http://localhost:5173/hooks' },
      });
      if (endpoint.statusCode !== 200) throw new Error(`no webhook endpoint: ${endpoint.body}`);
      const [player] = await queryRows<{ id: number }>(
        db,
        sql`select id from players where site_id = ${target.siteId} and active order by id limit 1`,
      );
      const paid = await call(app, api.insertPlayerPayment, master, {
        body: {
          idPlayer: player!.id,
          amount: 1,
          direction: 'receipt',
          method: 'cash',
          idempotencyKey: randomUUID(),
        },
      });
      if (paid.statusCode !== 200) throw new Error(`no payment: ${paid.body}`);
      const [row] = await queryRows<{ id: string }>(
        db,
        sql`select id from webhook_outbox where site_id = ${target.siteId}
            order by seq desc limit 1`,
      );
      return row?.id;
    },
    // Another session of the account signed in: the caller ends one of its own.
    ownSession: async () => {
      if (!cred.live || !cred.signedIn) return missingValueOf('ownSession');
      const login = cred.signedIn;
      const siteId = cred.live.session.SiteId;
      const other = await logIn(app, login, world.passwords.get(login)!, siteId, nextAddress());
      const [row] = await queryRows<{ id: number }>(
        db,
        sql`select id from sessions where token_hash = ${sha256(other.session.Token)}`,
      );
      return row?.id;
    },
    streamTicket: async () => {
      // Each stream takes its own kind of ticket (the live ticker's opens no notification stream).
      const issuer =
        form.endpoint.e === api.liveStream ? api.liveStreamTicket : api.notificationStreamTicket;
      const res = await call(app, issuer, cred.caller);
      return res.statusCode === 200 ? res.json().Ticket : undefined;
    },
  };
  const targets: unknown[] = [];
  for (const t of form.targets) targets.push(await by[t.kind]());
  return { targets, extra, account };
}

/** A real e-mailed code for the session (verified first unless the call is the one verifying it). */
export async function codeFor(
  app: FastifyInstance,
  db: Db,
  e: Endpoint,
  cred: Credential,
): Promise<string> {
  if (!cred.live) return '000000';
  const sent = await call(app, api.sendEmailChangePassword, cred.caller);
  if (sent.statusCode !== 200) return '000000';
  const code = /\b(\d{6})\b/.exec(await lastMailText(db, await emailOf(db, cred)))?.[1] ?? '000000';
  if (e !== api.verifiedCodePass) {
    const verified = await call(app, api.verifiedCodePass, cred.caller, { body: { Code: code } });
    if (verified.statusCode !== 200) throw new Error(`code not verified: ${verified.body}`);
  }
  return code;
}

async function emailOf(db: Db, cred: Credential): Promise<string> {
  const s = cred.live!.session;
  if (s.Kind === 'agent') return s.UserEmail;
  const [row] = await queryRows<{ email: string }>(
    db,
    sql`select email from players where lower(login) = lower(${s.Player}) and site_id = ${s.SiteId}`,
  );
  return row!.email;
}

/** The embedding site's key, for calls whose caller is a site's server. */
export function siteKeyOf(siteId: number): string | undefined {
  return SITE_DEFS.find((d) => d.id === siteId)?.apiKey ?? undefined;
}
