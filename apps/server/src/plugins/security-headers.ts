// Security headers on every response; pages may be framed only by the site's own allowed origins.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { sites } from '../db/schema.ts';

export const SITE_COOKIE = 'bl_site';
const CACHE_MS = 60_000;
const SOURCE = /^(https?:\/\/)([a-z0-9.-]+|\[[0-9a-f:]+\])(:(\d{1,5}|\*))?$/i;

/** The site a page request belongs to: ?SiteId on first load, then the site cookie. */
export function siteOfPage(request: FastifyRequest): number | null {
  const fromQuery = (request.query as Record<string, unknown> | undefined)?.SiteId;
  const raw = typeof fromQuery === 'string' ? fromQuery : request.cookies[SITE_COOKIE];
  return raw && /^\d{1,9}$/.test(raw) ? Number(raw) : null;
}

/** On every answer, whatever it is. */
export const EVERY_ANSWER: Readonly<Record<string, string>> = {
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'cross-origin-opener-policy': 'same-origin-allow-popups',
  'permissions-policy': 'camera=(), microphone=(), geolocation=(), payment=()',
};

/** On API answers: never cached, never framed, nothing in them to run. */
export const API_ANSWER: Readonly<Record<string, string>> = {
  'cache-control': 'no-store',
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
};

export function securityHeaders(app: FastifyInstance, db: Db, apiPrefixes: string[]): void {
  const cache = new Map<number, { at: number; ancestors: string }>();

  async function frameAncestors(siteId: number | null): Promise<string> {
    if (siteId === null) return "'self'";
    const hit = cache.get(siteId);
    if (hit && Date.now() - hit.at < CACHE_MS) return hit.ancestors;
    const [site] = await db
      .select({ origins: sites.allowedOrigins })
      .from(sites)
      .where(eq(sites.id, siteId));
    // Only well-formed origins reach the header, so a bad row can never widen it or inject a directive.
    const origins = (site?.origins ?? []).filter((o) => SOURCE.test(o));
    const ancestors = ["'self'", ...origins].join(' ');
    cache.set(siteId, { at: Date.now(), ancestors });
    return ancestors;
  }

  app.addHook('onSend', async (request, reply, payload) => {
    const path = request.url.split('?')[0] ?? '';
    const isApi = apiPrefixes.some((p) => path.startsWith(p));
    reply.headers(EVERY_ANSWER);
    if (isApi && !path.startsWith('/api/docs')) {
      reply.headers(API_ANSWER);
      return payload;
    }
    if (path.startsWith('/api/docs')) {
      reply.header('cache-control', 'no-store');
      return payload;
    }
    const ancestors = await frameAncestors(siteOfPage(request));
    reply.header(
      'content-security-policy',
      [
        "default-src 'self'",
        "script-src 'self'",
        "style-src 'self'",
        "img-src 'self' data:",
        "font-src 'self'",
        "connect-src 'self'",
        "object-src 'none'",
        "base-uri 'self'",
        "form-action 'self'",
        `frame-ancestors ${ancestors}`,
      ].join('; '),
    );
    return payload;
  });
}
