// Who is calling the feed: the integration key named in x-backline-key, proven by the signature
// over the raw body, checked before the body is parsed. Sessions mean nothing here.
import { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { PlatformScope } from '@backline/contract';
import { AppError, ForbiddenError, UnauthorizedError } from '../errors.ts';
import type { PlatformKeysService } from './platform-keys-service.ts';
import {
  checkSignature,
  KEY_ID_HEADER,
  parseSignatureHeader,
  SIGNATURE_HEADER,
  SIGNATURE_TOLERANCE_SECONDS,
  signatureOf,
} from './signature.ts';

export interface PlatformCaller {
  siteId: number;
  /** The key's row id. */
  keyId: number;
  /**
   * The request's signature when the route remembers it in the event's own transaction (a single
   * event: one statement fewer on the platform's busiest call); null when remembered already.
   */
  replay: string | null;
}

declare module 'fastify' {
  interface FastifyRequest {
    platform: PlatformCaller | null;
  }
}

async function readAll(payload: NodeJS.ReadableStream, limit: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of payload as AsyncIterable<Buffer | string>) {
    const buffer = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
    size += buffer.length;
    if (size > limit) throw new AppError(413, 'body_too_large', ['body_too_large']);
    chunks.push(buffer);
  }
  return Buffer.concat(chunks);
}

/**
 * A preParsing hook: reads the raw body, proves the key and signature on it, refuses a replay (a
 * signature already seen, remembered in the database for every process; a single event's is
 * remembered by the event's own transaction instead), then hands the same bytes on to the parser.
 */
export function platformAuth(
  keys: PlatformKeysService,
  now: () => Date,
  scopeOf: (request: FastifyRequest) => PlatformScope,
  bodyLimitOf: (request: FastifyRequest) => number,
  /** Whether the route remembers the signature itself (PlatformCaller.replay). */
  remembersReplay: (request: FastifyRequest) => boolean,
) {
  return async (request: FastifyRequest, _reply: FastifyReply, payload: NodeJS.ReadableStream) => {
    request.platform = null;
    const keyHeader = request.headers[KEY_ID_HEADER];
    const key = typeof keyHeader === 'string' ? await keys.liveKey(keyHeader) : null;
    if (!key) throw new UnauthorizedError('platform_key_invalid');
    const raw = await readAll(payload, bodyLimitOf(request));
    const header = request.headers[SIGNATURE_HEADER];
    const nowSeconds = Math.floor(now().getTime() / 1000);
    const verdict = checkSignature(
      key.secret,
      typeof header === 'string' ? header : undefined,
      raw,
      nowSeconds,
    );
    if (verdict === 'stale')
      throw new UnauthorizedError('signature_stale', { seconds: SIGNATURE_TOLERANCE_SECONDS });
    if (verdict !== 'ok') throw new UnauthorizedError('signature_invalid');
    // The replay's identity is our own signature of (t, body): extra v1 values change nothing.
    const t = parseSignatureHeader(header as string)!.t;
    const replay = `${t}.${signatureOf(key.secret, t, raw)}`;
    const scope = scopeOf(request);
    if (!key.scopes.includes(scope)) throw new ForbiddenError('scope_required', { scope });
    const deferred = remembersReplay(request);
    if (!deferred && !(await keys.rememberSignature(key.id, replay)))
      throw new UnauthorizedError('signature_replayed');
    await keys.touch(key.id);
    // Now and then, forget signatures whose time alone refuses them.
    if (Math.random() < 0.01)
      await keys.forgetSignatures(
        new Date(now().getTime() - 2 * SIGNATURE_TOLERANCE_SECONDS * 1000),
      );
    request.platform = { siteId: key.siteId, keyId: key.id, replay: deferred ? replay : null };
    return Readable.from([raw]);
  };
}
