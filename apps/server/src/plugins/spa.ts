// Serves the built SPA: hashed assets cached for good, every other page path answered with index.html.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { send } from './error-handler.ts';
import { crossSiteCookie } from './csrf.ts';
import { SITE_COOKIE, siteOfPage } from './security-headers.ts';

export async function spa(
  app: FastifyInstance,
  webDist: string,
  apiPrefixes: string[],
): Promise<void> {
  const indexPath = join(webDist, 'index.html');
  const index = existsSync(indexPath) ? readFileSync(indexPath) : null;
  if (!index) app.log.warn({ webDist }, 'web app not built: run `npm run build`');
  else {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: false,
      setHeaders(reply, path) {
        const immutable =
          /[\\/]assets[\\/][^\\/]+-[A-Za-z0-9_-]{8,}\.(js|css|woff2?|svg|png)$/.test(path);
        reply.header(
          'cache-control',
          immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    const wantsPage =
      request.method === 'GET' &&
      !apiPrefixes.some((p) => path.startsWith(p)) &&
      !path.startsWith('/assets/');
    if (!wantsPage || !index)
      return send(reply, request, 404, `No such route: ${request.method} ${path}`);
    const site = siteOfPage(request);
    if (site !== null)
      reply.setCookie(SITE_COOKIE, String(site), { ...crossSiteCookie, httpOnly: true });
    return reply
      .code(200)
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(index);
  });
}
