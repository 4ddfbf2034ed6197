// The demo's people as the security tests see them: agents with their place in the tree, live
// sessions by login (logged in again when a call ended them), and a fingerprint of what calls change.
import { desc, eq, sql } from 'drizzle-orm';
import type { LoginResponse, Right } from '@backline/contract';
import { RIGHTS } from '@backline/contract';
import { queryRows, type Db } from '../../src/db/query.ts';
import { mailOutbox } from '../../src/db/schema.ts';
import { DEMO_LOGINS } from '../../src/seed/demo-logins.ts';
import { sha256 } from '../../src/security/tokens.ts';
import { logIn, type Caller, type TestContext } from '../helpers.ts';

export interface Agent {
  id: number;
  login: string;
  email: string;
  siteId: number;
  parentId: number | null;
  rights: Right[];
}

export type Session = Caller & { session: LoginResponse };

/** Rights that change something: a view-only agent anywhere above holds none of them. */
const MUTATING: readonly Right[] = [
  'deleteWagers',
  'changePasswords',
  'managePayments',
  'enterAdjustments',
  'manageAgents',
];

/** The text of the last mail to an address (codes and links go by mail). */
export async function lastMailText(db: Db, to: string): Promise<string> {
  const [mail] = await db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.to, to))
    .orderBy(desc(mailOutbox.id))
    .limit(1);
  return mail?.text ?? '';
}

let addresses = 0;
/** A fresh client address per call, so per-address rate limits never answer for the rule under test. */
export function nextAddress(): string {
  addresses++;
  return `10.${(addresses >> 16) & 255}.${(addresses >> 8) & 255}.${addresses & 255}`;
}

/**
 * Who is below whom, worked out here from the agents' parent ids alone: the oracle must not take
 * the product's answer (its agent_closure table) for the reach it is there to check.
 */
export function treeOf(agents: readonly { id: number; parentId: number | null }[]) {
  const children = new Map<number, number[]>();
  const parentOf = new Map<number, number | null>();
  for (const a of agents) {
    parentOf.set(a.id, a.parentId);
    if (a.parentId !== null) children.set(a.parentId, [...(children.get(a.parentId) ?? []), a.id]);
  }
  /** The agent and everything under it. */
  const below = (ancestor: number): Set<number> => {
    const found = new Set<number>();
    const todo = [ancestor];
    for (let id = todo.pop(); id !== undefined; id = todo.pop()) {
      // A cycle in the rows would be a product bug; the walk still ends.
      if (found.has(id)) continue;
      found.add(id);
      todo.push(...(children.get(id) ?? []));
    }
    return found;
  };
  /** The agent and every agent up to its site's root. */
  const above = (descendant: number): Set<number> => {
    const found = new Set<number>();
    let id: number | null | undefined = descendant;
    while (id != null && !found.has(id)) {
      found.add(id);
      id = parentOf.get(id);
    }
    return found;
  };
  return { below, above };
}

export async function loadWorld(ctx: TestContext, now: () => Date) {
  const db = ctx.database.db;
  const agents = await queryRows<Agent>(
    db,
    sql`select id, login, email, site_id as "siteId", parent_id as "parentId", rights
        from agents order by site_id, login`,
  );
  const byLogin = new Map(agents.map((a) => [a.login, a]));
  const byId = new Map(agents.map((a) => [a.id, a]));
  const passwords = new Map(DEMO_LOGINS.map((l) => [l.login, l.password]));
  const published = DEMO_LOGINS.map((l) => l.login.toLowerCase());

  const agent = (login: string): Agent => {
    const found = byLogin.get(login);
    if (!found) throw new Error(`no agent ${login}`);
    return found;
  };
  const { below, above } = treeOf(agents);

  /**
   * Reads every agent's rights again: a call the walk made for real (a parent changing a
   * sub-agent's rights) holds for the calls after it.
   */
  async function refreshRights(): Promise<void> {
    const rows = await queryRows<Pick<Agent, 'id' | 'rights'>>(
      db,
      sql`select id, rights from agents`,
    );
    for (const row of rows) {
      const known = byId.get(row.id);
      if (known) known.rights = row.rights;
    }
  }

  /** The rights of a view agent: what every agent from the site's root down to it holds. */
  function rightsOf(viewId: number): Set<Right> {
    const chain = [...above(viewId)].map((id) => byId.get(id)!.rights);
    const held = new Set(
      RIGHTS.filter((r) => r !== 'viewOnly' && chain.every((l) => l.includes(r))),
    );
    if (chain.some((l) => l.includes('viewOnly'))) for (const r of MUTATING) held.delete(r);
    return held;
  }

  const sessions = new Map<string, Session>();
  async function alive(s: Session): Promise<boolean> {
    const at = now();
    const rows = await queryRows<{ id: number }>(
      db,
      sql`select id from sessions where token_hash = ${sha256(s.session.Token)} and revoked_at is null
          and idle_expires_at > ${at} and absolute_expires_at > ${at}`,
    );
    return rows.length > 0;
  }

  /** A live session of the login (its site found from the demo list). */
  async function session(login: string): Promise<Session> {
    const cached = sessions.get(login);
    if (cached && (await alive(cached))) return cached;
    const siteId =
      DEMO_LOGINS.find((l) => l.login === login)?.siteId ?? byLogin.get(login)?.siteId ?? 1;
    const s = await logIn(ctx.app, login, passwords.get(login)!, siteId, nextAddress());
    sessions.set(login, s);
    return s;
  }

  /** Counts and digests of everything a call can change, to prove a refused call changed nothing. */
  async function fingerprint(): Promise<string> {
    // Append-only tables by their last id (an index lookup); the rest are small.
    const [row] = await queryRows<Record<string, unknown>>(
      db,
      sql`select
        (select max(id) from ledger) as ledger,
        (select max(ledger_id) from player_payments) as player_payments,
        (select max(id) from agent_payments) as agent_payments,
        (select max(id) from wager_changes) as wager_changes,
        (select max(id) from notifications) as notifications,
        (select max(id) from mail_outbox) as mails,
        (select max(id) from agents) as agents,
        (select max(id) from agent_deals) as agent_deals,
        (select string_agg(sheet_cutoff_day || ':' || sheet_cutoff_minute, ',' order by id) from sites) as sheet_cutoffs,
        (select md5(string_agg(coalesce(deal_defaults::text, '-') || sheet_email, ',' order by id)) from agents) as agent_sheet_settings,
        (select count(*) from notification_views) as notification_views,
        (select count(*) from sign_ups where status <> 'pending') as decided_sign_ups,
        (select md5(string_agg(coalesce(password_hash, '-') || language, ',' order by id)) from agents) as agent_accounts,
        (select md5(string_agg(coalesce(password_hash, '-'), ',' order by id)) from players) as player_passwords,
        (select count(*) from sessions where revoked_at is not null) as revoked_sessions,
        (select count(*) from verification_codes where verified_at is not null or used_at is not null) as used_codes,
        (select md5(string_agg(url || secret_id, ',' order by site_id)) from webhook_endpoints) as webhook_endpoints,
        (select md5(string_agg(id || status || coalesce(job_id::text, '-'), ',' order by seq)) from webhook_outbox) as webhook_outbox`,
    );
    return JSON.stringify(row);
  }

  return {
    agents,
    agent,
    byId,
    below,
    above,
    rightsOf,
    refreshRights,
    passwords,
    published,
    session,
    sessions,
    fingerprint,
  };
}

export type World = Awaited<ReturnType<typeof loadWorld>>;
