// What the server knows about the caller of a request, taken from its session, never from the client.
import type { Audience, Right } from '@backline/contract';

/** What every session carries, an agent's or a player's. */
interface SessionAuth {
  sessionId: number;
  siteId: number;
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

export interface AgentAuth extends SessionAuth {
  kind: 'agent';
  /** The agent whose view this is: the signed-in agent, or the sub-agent it acts for. */
  agentId: number;
  agentLogin: string;
  agentName: string;
  /** The signed-in agent itself. */
  selfAgentId: number;
}

export interface PlayerAuth extends SessionAuth {
  kind: 'player';
  playerId: number;
}

export type Auth = AgentAuth | PlayerAuth;

/**
 * The caller a route's audience lets through (route.ts checks it before the handler runs): an
 * agent, a player, either, or nobody for public and site calls.
 */
export type AuthOf<A extends Audience> = A extends 'agent'
  ? AgentAuth
  : A extends 'player'
    ? PlayerAuth
    : A extends 'session'
      ? Auth
      : null;

declare module 'fastify' {
  interface FastifyRequest {
    auth: Auth | null;
  }
  interface FastifyInstance {
    /** Resolves the caller from the Authorization header; throws 401/403. */
    authenticate(request: FastifyRequest): Promise<Auth>;
  }
}
