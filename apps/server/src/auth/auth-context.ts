// What the server knows about the caller of a request, taken from its session, never from the client.
import type { Right } from '@backline/contract';

export interface Auth {
  sessionId: number;
  siteId: number;
  kind: 'agent' | 'player';
  /** The agent whose view this is: the signed-in agent, or the sub-agent it acts for. */
  agentId: number | null;
  agentLogin: string | null;
  agentName: string | null;
  /** The signed-in agent itself. */
  selfAgentId: number | null;
  playerId: number | null;
  principal: string;
  rights: ReadonlySet<Right>;
  timeZone: string;
  siteCurrency: string;
  /**
   * Seconds until the session ends unless it is used again, as of this request (set for a request
   * resolved from a session; every such answer tells the client in SESSION_EXPIRES_HEADER).
   */
  idleSecondsLeft?: number;
}

/** The effective agent of an agent session; services call it where only agents may go. */
export function agentOf(auth: Auth | null): number {
  if (!auth || auth.agentId === null) throw new Error('agentOf called without an agent session');
  return auth.agentId;
}

declare module 'fastify' {
  interface FastifyRequest {
    auth: Auth | null;
  }
  interface FastifyInstance {
    /** Resolves the caller from the Authorization header; throws 401/403. */
    authenticate(request: FastifyRequest): Promise<Auth>;
  }
}
