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
    reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
    reply.header('x-content-type-options', 'nosniff');
    reply.header('referrer-policy', 'strict-origin-when-cross-origin');
    reply.header('cross-origin-opener-policy', 'same-origin-allow-popups');
    reply.header('permissions-policy', 'camera=(), microphone=(), geolocation=(), payment=()');
    if (isApi && !path.startsWith('/api/docs')) {
      reply.header('cache-control', 'no-store');
      reply.header('content-security-policy', "default-src 'none'; frame-ancestors 'none'");
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
