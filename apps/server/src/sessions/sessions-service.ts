// Sessions (issue 20 item 3): the signed-in account's own, and a parent's view of a sub-agent's.
// Ending one sets revoked_at, which the session resolve checks on every call: dead at once.
import type { SessionList, SessionRow } from '@backline/contract';
import type { AgentAuth, Auth } from '../auth/auth-context.ts';
import { agentInScope } from '../agents/scope.ts';
import type { Db } from '../db/query.ts';
import { ForbiddenError, NotFoundError } from '../errors.ts';
import { audit, auditAgent } from '../security/audit-repository.ts';
import * as repo from './sessions-repository.ts';

const iso = (v: Date | string) => new Date(v).toISOString();

function rowOf(r: repo.LiveSessionDbRow, thisId: number | null): SessionRow {
  return {
    IdSession: r.id,
    Device: r.device,
    Ip: r.ip,
    Country: r.country,
    Method: r.method,
    StartedAt: iso(r.created_at),
    LastSeenAt: iso(r.last_seen_at),
    ExpiresAt: iso(r.expires_at),
    This: r.id === thisId,
  };
}

/** The account signed in: the agent itself (not the one it acts for), or the player. */
function ownerOf(auth: Auth): repo.SessionOwner {
  return auth.kind === 'agent'
    ? { kind: 'agent', id: auth.selfAgentId }
    : { kind: 'player', id: auth.playerId };
}

export function createSessionsService({ db, now }: { db: Db; now: () => Date }) {
  async function mine(auth: Auth): Promise<SessionList> {
    const rows = await repo.selectLiveSessions(db, ownerOf(auth), now());
    return { Sessions: rows.map((r) => rowOf(r, auth.sessionId)) };
  }

  async function endMine(auth: Auth, end: { id?: number; others?: true }) {
    const owner = ownerOf(auth);
    const Ended = await db.transaction(async (tx) => {
      const ended = await repo.endSessions(tx, owner, {
        now: now(),
        reason: 'ended',
        ...(end.others ? { keep: auth.sessionId } : { id: end.id! }),
      });
      if (ended > 0)
        await audit(tx, {
          siteId: auth.siteId,
          actorKind: owner.kind,
          actorId: owner.id,
          action: end.others ? 'sessions.ended_others' : 'session.ended',
          targetKind: owner.kind,
          targetId: owner.id,
          details: { count: ended, ...(end.id !== undefined && { session: end.id }) },
        });
      return ended;
    });
    // Someone else's session, or one already over, is answered as one that does not exist.
    if (end.id !== undefined && Ended === 0)
      throw new NotFoundError('session_not_found', { session: end.id });
    return { Ended };
  }

  /** A sub-agent strictly below the view agent: the caller's own sessions are its own screen's. */
  async function subAgent(auth: AgentAuth, idAgent: number) {
    if (idAgent === auth.agentId) throw new ForbiddenError('own_sessions_elsewhere');
    return agentInScope(db, auth, idAgent);
  }

  async function ofAgent(auth: AgentAuth, idAgent: number) {
    const agent = await subAgent(auth, idAgent);
    const rows = await repo.selectLiveSessions(db, { kind: 'agent', id: agent.id }, now());
    return {
      IdAgent: agent.id,
      Agent: agent.login,
      Sessions: rows.map((r) => rowOf(r, null)),
    };
  }

  async function endOfAgent(auth: AgentAuth, idAgent: number) {
    const agent = await subAgent(auth, idAgent);
    const Ended = await db.transaction(async (tx) => {
      const ended = await repo.endSessions(
        tx,
        { kind: 'agent', id: agent.id },
        { now: now(), reason: 'ended_by_parent' },
      );
      if (ended > 0)
        await auditAgent(tx, auth, {
          action: 'sessions.ended_by_parent',
          targetKind: 'agent',
          targetId: agent.id,
          details: { count: ended },
        });
      return ended;
    });
    return { Ended };
  }

  return {
    mine,
    endOne: (auth: Auth, id: number) => endMine(auth, { id }),
    endOthers: (auth: Auth) => endMine(auth, { others: true }),
    ofAgent,
    endOfAgent,
  };
}

export type SessionsService = ReturnType<typeof createSessionsService>;
