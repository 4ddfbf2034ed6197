// Double-submit CSRF: a readable cookie whose value every non-GET API call echoes in a header.
// The cookie is Partitioned and SameSite=None so it also works inside a cross-site iframe.
import type { FastifyInstance } from 'fastify';
import { ForbiddenError } from '../errors.ts';
import { newToken, safeEqual } from '../security/tokens.ts';

export const CSRF_COOKIE = 'bl_csrf';
export const CSRF_HEADER = 'x-csrf-token';

export const crossSiteCookie = {
  path: '/',
  secure: true,
  sameSite: 'none',
  partitioned: true,
} as const;

/** `exempt`: paths called server to server with a site key, where no browser cookie exists. */
export function csrf(
  app: FastifyInstance,
  apiPrefixes: string[],
  exempt: ReadonlySet<string>,
): void {
  app.addHook('onRequest', async (request, reply) => {
    const cookie = request.cookies[CSRF_COOKIE];
    if (!cookie) reply.setCookie(CSRF_COOKIE, newToken(), { ...crossSiteCookie, httpOnly: false });
    if (request.method === 'GET' || request.method === 'HEAD' || request.method === 'OPTIONS')
      return;
    const path = request.url.split('?')[0] ?? '';
    if (!apiPrefixes.some((p) => path.startsWith(p)) || exempt.has(path)) return;
    const header = request.headers[CSRF_HEADER];
    if (!cookie || typeof header !== 'string' || !safeEqual(cookie, header)) {
      throw new ForbiddenError('csrf_failed');
    }
  });
}
