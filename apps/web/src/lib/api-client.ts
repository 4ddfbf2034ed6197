// The one way the web app talks to the server: every call goes through the contract's endpoint
// object, so URL, headers, error mapping and response validation are the same everywhere.
import {
  ErrorBody,
  type BodyOf,
  type Endpoint,
  type QueryOf,
  type ResponseOf,
} from '@backline/contract/core/endpoint';
import { SESSION_EXPIRES_HEADER } from '@backline/contract/calls/session';
import { authorizationHeader, type TokenCredentials } from '@backline/contract/core/token';
import { env } from '@/config/env';
import { noteSessionExpiry } from '@/lib/session-idle';
import { useAgentStore, type AgentSession } from '@/stores/agent-store';

export const SERVER_ERROR = 'Server error';
const CSRF_COOKIE = 'bl_csrf';
const CSRF_HEADER = 'X-CSRF-Token';

export class ApiError extends Error {
  override name = 'ApiError';
  readonly status: number;
  readonly requestId: string | null;
  /** The server's code and parameters, which the screens word (useErrorMessage); null when none came. */
  readonly refusal: Pick<ErrorBody, 'Code' | 'Params'> | null;
  constructor(
    message: string,
    status: number,
    requestId: string | null = null,
    refusal: Pick<ErrorBody, 'Code' | 'Params'> | null = null,
  ) {
    super(message);
    this.refusal = refusal;
    this.status = status;
    this.requestId = requestId;
  }
}

/** The session is missing or dead: the app clears it and shows /401. */
export class UnauthorizedError extends ApiError {
  override name = 'UnauthorizedError';
  constructor(requestId: string | null = null) {
    super('Unauthorized', 401, requestId);
  }
}

export interface CallOptions<E extends Endpoint> {
  query?: QueryOf<E>;
  body?: BodyOf<E>;
  signal?: AbortSignal;
  /** Credentials other than the signed-in agent's, e.g. a player's session being closed. */
  credentials?: TokenCredentials;
}

/** Where and how a call goes: an endpoint of the contract, or just the route part of one. */
export type Route = Pick<Endpoint, 'method' | 'base' | 'path' | 'audience'>;

export function buildUrl(endpoint: Route, query?: Record<string, unknown>): string {
  const params = new URLSearchParams();
  const rest = { ...query };
  // Path placeholders such as `i18n/{language}.json` take their value from the query object.
  const path = endpoint.path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = rest[name];
    delete rest[name];
    if (value === undefined || value === null) throw new Error(`Missing path parameter ${name}`);
    return encodeURIComponent(String(value));
  });
  for (const [key, value] of Object.entries(rest)) {
    if (value !== undefined) params.append(key, value === null ? 'null' : String(value));
  }
  const search = params.toString();
  return `${env.apiBases[endpoint.base]}${path}${search ? `?${search}` : ''}`;
}

function readCookie(name: string): string | null {
  if (typeof document === 'undefined') return null;
  for (const part of document.cookie.split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) return decodeURIComponent(value.join('='));
  }
  return null;
}

export function agentCredentials(
  session: AgentSession | null = useAgentStore.getState().session,
  actAs?: number,
): TokenCredentials | null {
  if (!session) return null;
  // While acting for a sub-agent every call carries its id, so the server answers with its view.
  return {
    kind: 'agentSite',
    email: session.UserEmail,
    token: session.Token,
    actAs: actAs ?? useAgentStore.getState().actAs,
    siteId: session.SiteId,
  };
}

/** Whoever is signed in: the agent, or a player on its one screen. */
export function sessionCredentials(): TokenCredentials | null {
  const { session, player } = useAgentStore.getState();
  if (session) return agentCredentials(session);
  if (!player) return null;
  return { kind: 'player', player: player.Player, token: player.Token, siteId: player.SiteId };
}

function isCurrentSession(credentials: TokenCredentials): boolean {
  const { session, player } = useAgentStore.getState();
  return credentials.token === (session ?? player)?.Token;
}

async function errorFrom(response: Response, sentCredentials: boolean): Promise<ApiError> {
  // Proxies and crashed upstreams answer with HTML or nothing; those get the generic message.
  const parsed = ErrorBody.safeParse(await response.json().catch(() => undefined));
  const body = parsed.success ? parsed.data : null;
  // A 401 to a public call (wrong password) is an answer to show, not a dead session.
  if (response.status === 401 && sentCredentials) return new UnauthorizedError(body?.RequestId);
  return new ApiError(
    body?.Message || SERVER_ERROR,
    response.status,
    body?.RequestId ?? null,
    body ? { Code: body.Code, Params: body.Params } : null,
  );
}

/**
 * Sends a call with the session's Authorization header (and the CSRF header when it writes);
 * a refusal becomes an ApiError. apiCall reads JSON from it; a file download reads a blob.
 */
export async function sendCall(endpoint: Route, options: CallOptions<Endpoint>): Promise<Response> {
  const url = buildUrl(endpoint, options.query as Record<string, unknown> | undefined);
  const headers = new Headers({ Accept: 'application/json' });
  const credentials =
    endpoint.audience === 'public' ? null : (options.credentials ?? agentCredentials());
  if (credentials) headers.set('Authorization', authorizationHeader(credentials));
  if (endpoint.method !== 'GET') {
    headers.set('Content-Type', 'application/json');
    const csrf = url.startsWith('/') && !url.startsWith('//') ? readCookie(CSRF_COOKIE) : null;
    if (csrf) headers.set(CSRF_HEADER, csrf);
  }

  let response: Response;
  try {
    response = await fetch(url, {
      method: endpoint.method,
      headers,
      body: endpoint.method === 'GET' ? undefined : JSON.stringify(options.body ?? {}),
      signal: options.signal,
      credentials: 'same-origin',
    });
  } catch (error) {
    if (options.signal?.aborted) throw error;
    throw new ApiError(SERVER_ERROR, 0);
  }
  const left = response.headers.get(SESSION_EXPIRES_HEADER);
  // Only the current session's own calls tell its expiry (not one being closed after it ended).
  if (left !== null && credentials !== null && isCurrentSession(credentials)) {
    noteSessionExpiry(Number(left));
  }
  if (!response.ok) throw await errorFrom(response, credentials !== null);
  return response;
}

export async function apiCall<E extends Endpoint>(
  endpoint: E,
  options: CallOptions<E> = {},
): Promise<ResponseOf<E>> {
  const response = await sendCall(endpoint, options);
  const parsed = endpoint.response.safeParse(await response.json().catch(() => undefined));
  if (!parsed.success) {
    console.error(
      `${endpoint.path}: the response does not match the contract`,
      parsed.error.issues,
    );
    throw new ApiError(SERVER_ERROR, response.status, response.headers.get('x-request-id'));
  }
  return parsed.data as ResponseOf<E>;
}
