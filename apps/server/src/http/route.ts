// Registers a contract endpoint: the same zod schemas check the input and the output.
import { currentOrigin } from './request-origin.ts';
import type { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { ErrorBody, SESSION_EXPIRES_HEADER, type Endpoint } from '@backline/contract';
import type { Config } from '../config.ts';
import { ForbiddenError, UnauthorizedError } from '../errors.ts';
import type { Auth, AuthOf } from '../auth/auth-context.ts';
import type { FileAnswer } from '../export/export-table.ts';

type In<S> = S extends z.ZodType ? z.output<S> : undefined;

export interface Handled<E extends Endpoint> {
  query: In<NonNullable<E['query']>>;
  body: In<NonNullable<E['body']>>;
  /** The caller as the endpoint's audience admits it: an agent's session for an agent call. */
  auth: AuthOf<E['audience']>;
  request: FastifyRequest;
  /** For the few calls that set a cookie; the answer itself is what the handler returns. */
  reply: FastifyReply;
}

export function baseUrl(config: Config, base: Endpoint['base']): string {
  return base === 'core' ? config.coreBase : base === 'reports' ? config.reportsBase : '/assets/';
}

export function urlOf(config: Config, e: Endpoint): string {
  return baseUrl(config, e.base) + e.path;
}

/** Every refusal's body, by status: what OpenAPI says a call may answer besides its 200. */
export const errorResponses = {
  400: ErrorBody,
  401: ErrorBody,
  403: ErrorBody,
  404: ErrorBody,
  409: ErrorBody,
  429: ErrorBody,
  503: ErrorBody,
};

/**
 * Checks who may call before the handler runs: 401 without a live session, 403 without the audience
 * or right. Answers the caller as the audience admits it.
 */
export function authorize<E extends Endpoint>(e: E, auth: Auth | null): AuthOf<E['audience']> {
  // Public calls need nobody; site calls prove their site key in the service.
  if (e.audience === 'public' || e.audience === 'site') return null as AuthOf<E['audience']>;
  if (!auth) throw new UnauthorizedError();
  if (e.audience === 'agent' && auth.kind !== 'agent') {
    throw new ForbiddenError('agents_only');
  }
  if (e.audience === 'player' && auth.kind !== 'player') {
    throw new ForbiddenError('players_only');
  }
  if (e.right && !auth.rights.has(e.right)) {
    throw new ForbiddenError('right_required', { right: e.right });
  }
  // Checked above: the kind is the audience's (TypeScript does not narrow a generic by a test).
  return auth as AuthOf<E['audience']>;
}

/** Resolves and checks the caller before the input is validated, so a stranger learns nothing. */
function authenticateFor(e: Endpoint) {
  return async (request: FastifyRequest) => {
    request.auth = authorize(
      e,
      e.audience === 'public' || e.audience === 'site'
        ? null
        : await request.server.authenticate(request),
    );
    // Who acts for whom, for the audit rows the call writes.
    const origin = currentOrigin();
    if (origin && request.auth?.kind === 'agent') {
      origin.selfAgentId = request.auth.selfAgentId;
      origin.viewAgentId = request.auth.agentId;
    }
  };
}

export function route<E extends Endpoint>(
  app: FastifyInstance,
  config: Config,
  e: E,
  handler: (input: Handled<E>) => Promise<z.input<E['response']>>,
): void {
  app.withTypeProvider<ZodTypeProvider>().route({
    method: e.method,
    url: urlOf(config, e),
    schema: {
      summary: e.summary,
      tags: [e.base],
      ...(e.query ? { querystring: e.query } : {}),
      ...(e.body ? { body: e.body } : {}),
      ...(e.audience === 'public' ? {} : { security: [{ Token: [] }] }),
      response: { 200: e.response, ...errorResponses },
    },
    preValidation: authenticateFor(e),
    handler: async (request, reply) => {
      const answer = await handler(handled<E>(request, reply));
      // How long the session has left, so the client can warn before it ends (SPEC idle expiry).
      const left = request.auth?.idleSecondsLeft;
      if (left !== undefined) reply.header(SESSION_EXPIRES_HEADER, String(left));
      return answer;
    },
  });
}

/** `route` bound to an app and its config: how a report module adds its calls. */
export type AddRoute = <E extends Endpoint>(
  e: E,
  handler: (input: Handled<E>) => Promise<z.input<E['response']>>,
) => void;

export function routesOf(app: FastifyInstance, config: Config): AddRoute {
  return (e, handler) => route(app, config, e, handler);
}

/** The checked input and the caller of a request, as handlers take them. */
function handled<E extends Endpoint>(request: FastifyRequest, reply: FastifyReply): Handled<E> {
  return {
    query: request.query as In<NonNullable<E['query']>>,
    body: request.body as In<NonNullable<E['body']>>,
    // authenticateFor admitted it for this endpoint's audience before the input was read.
    auth: request.auth as AuthOf<E['audience']>,
    request,
    reply,
  };
}

/**
 * What a route that answers with a stream declares: never compressed, and only its errors described
 * (no type provider either: its reply type would demand the error body for a stream).
 */
function streamed(config: Config, e: Endpoint, schema: Record<string, unknown>) {
  return {
    method: e.method,
    url: urlOf(config, e),
    compress: false as const,
    schema: {
      summary: e.summary,
      tags: [e.base],
      ...(e.query ? { querystring: e.query } : {}),
      ...schema,
      response: errorResponses,
    },
  };
}

/**
 * Registers a contract endpoint that answers with server-sent events: the query is checked by the
 * contract, the body is piped raw and never meets the serializer. The handler authenticates
 * (EventSource cannot send the Token header, so such calls carry a ticket); it is handed the
 * Last-Event-ID header a reconnecting EventSource sends, when that is an id of at most `idDigits`.
 */
export function eventStreamRoute<E extends Endpoint>(
  app: FastifyInstance,
  config: Config,
  e: E,
  idDigits: number,
  handler: (input: {
    query: In<NonNullable<E['query']>>;
    lastEventId: number | undefined;
  }) => Promise<Readable>,
): void {
  const eventId = new RegExp(`^\\d{1,${idDigits}}$`);
  app.route({
    // Events go out as they happen: a compressor would hold them until its window fills.
    ...streamed(config, e, {}),
    handler: async (request, reply) => {
      const header = request.headers['last-event-id'];
      const stream = await handler({
        query: request.query as In<NonNullable<E['query']>>,
        lastEventId:
          typeof header === 'string' && eventId.test(header) ? Number(header) : undefined,
      });
      // Proxies must pass events through as they come, not buffer the response; and the socket
      // closes with the stream, so a server shutting down does not wait out keep-alive on it.
      return reply
        .type('text/event-stream; charset=utf-8')
        .header('x-accel-buffering', 'no')
        .header('connection', 'close')
        .send(stream);
    },
  });
}

/** `attachment` with an ASCII fallback name and the exact one in RFC 5987 form. */
export function contentDisposition(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

/**
 * Registers a contract endpoint that answers with a file streamed as it is made. The caller and the
 * input are checked as in `route`, and the handler should fail before it returns the stream, so
 * every refusal still answers with the error body; a failure once bytes have gone aborts the reply.
 */
export function fileRoute<E extends Endpoint>(
  app: FastifyInstance,
  config: Config,
  e: E,
  handler: (input: Handled<E>) => Promise<FileAnswer>,
): void {
  app.route({
    // A file streams from its first row (the browser shows progress); a compressor would hold
    // the rows back until its window fills, and an .xlsx is a zip already.
    ...streamed(config, e, { ...(e.body ? { body: e.body } : {}), security: [{ Token: [] }] }),
    preValidation: authenticateFor(e),
    handler: async (request, reply) => {
      const file = await handler(handled<E>(request, reply));
      return reply
        .type(file.contentType)
        .header('content-disposition', contentDisposition(file.fileName))
        .header('cache-control', 'no-store')
        .header('x-accel-buffering', 'no')
        .send(file.body);
    },
  });
}
