// The platform feed's calls under PLATFORM_API_BASE, registered from the contract's platformApi:
// in a scope of their own, where the key and signature are checked on the raw body first.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { platformApi, type PlatformEndpoint } from '@backline/contract';
import type { Config } from '../config.ts';
import { errorResponses } from '../http/route.ts';
import { UnauthorizedError } from '../errors.ts';
import type { PlatformKeysService } from './platform-keys-service.ts';
import type { FeedService } from './feed-service.ts';
import { platformAuth, type PlatformCaller } from './feed-auth.ts';

/** A single event is small; a batch of 10,000 events is a few megabytes. */
const EVENT_BODY_LIMIT = 256 * 1024;
const BATCH_BODY_LIMIT = 32 * 1024 * 1024;

/** The URL Fastify is given: a literal ':' in a path (`events:batch`) is written '::'. */
export function platformUrl(config: Config, e: PlatformEndpoint): string {
  return config.platformBase + e.path.replaceAll(':', '::');
}

function callerOf(request: FastifyRequest): PlatformCaller {
  if (!request.platform) throw new UnauthorizedError('platform_key_invalid');
  return request.platform;
}

export async function feedRoutes(
  app: FastifyInstance,
  config: Config,
  deps: {
    keys: PlatformKeysService;
    feed: FeedService;
    now: () => Date;
    /**
     * A single event or accept check waits for a database connection as a request already under
     * way does, ahead of agents' calls not yet started (`firstInLine`, db/admission.ts).
     */
    firstInLine: () => Promise<void>;
  },
): Promise<void> {
  const { keys, feed, now, firstInLine } = deps;
  await app.register(async (scope) => {
    scope.decorateRequest('platform', null);
    scope.addContentTypeParser(
      'application/x-ndjson',
      { parseAs: 'string', bodyLimit: BATCH_BODY_LIMIT },
      (_request, body, done) => done(null, body),
    );
    const endpointOf = (request: FastifyRequest) =>
      (request.routeOptions.config as unknown as { endpoint: PlatformEndpoint }).endpoint;
    scope.addHook(
      'preParsing',
      platformAuth(
        keys,
        now,
        (request) => endpointOf(request).scope,
        (request) => (endpointOf(request).contentType ? BATCH_BODY_LIMIT : EVENT_BODY_LIMIT),
        (request) => endpointOf(request) === platformApi.sendEvent,
      ),
    );
    const typed = scope.withTypeProvider<ZodTypeProvider>();
    const register = (
      e: PlatformEndpoint,
      handler: (request: FastifyRequest) => Promise<unknown>,
    ) =>
      typed.route({
        method: e.method,
        url: platformUrl(config, e),
        config: { endpoint: e } as object,
        bodyLimit: e.contentType ? BATCH_BODY_LIMIT : EVENT_BODY_LIMIT,
        ...(e.contentType ? {} : { onRequest: firstInLine }),
        schema: {
          summary: e.summary,
          tags: ['platform'],
          body: e.body,
          ...(e.contentType && { consumes: [e.contentType] }),
          security: [{ PlatformKey: [], PlatformSignature: [] }],
          response: { 200: e.response, ...errorResponses },
        },
        handler,
      });
    register(platformApi.sendEvent, (request) =>
      feed.apply(callerOf(request), request.body as never),
    );
    register(platformApi.sendEventBatch, (request) =>
      feed.applyBatch(callerOf(request), request.body as string),
    );
    register(platformApi.checkWager, (request) =>
      feed.check(callerOf(request), request.body as never),
    );
  });
}
