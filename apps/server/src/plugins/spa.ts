// Serves the built SPA: hashed assets cached for good, every other page path answered with index.html.
// Files go out as the build compressed them (name.br, name.gz beside each file: apps/web/vite.config.ts)
// when the browser takes brotli or gzip; nothing is compressed per request.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { send } from './error-handler.ts';
import { crossSiteCookie } from './csrf.ts';
import { SITE_COOKIE, siteOfPage } from './security-headers.ts';

/** A file name Vite gave a content hash: its bytes never change under that name. */
export const HASHED_ASSET =
  /[\\/]assets[\\/][^\\/]+-[A-Za-z0-9_-]{8,}\.(js|css|woff2?|svg|png)(\.br|\.gz)?$/;

type Encoding = 'br' | 'gzip';

/** The encoding to answer with: brotli, else gzip, else none; `q=0` refuses one (RFC 9110 12.5.3). */
export function chooseEncoding(header: string | string[] | undefined): Encoding | null {
  const weights = new Map<string, number>();
  for (const part of (Array.isArray(header) ? header.join(',') : (header ?? '')).split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
    weights.set(name, q === undefined ? 1 : Number(q));
  }
  const weight = (name: Encoding) => weights.get(name) ?? weights.get('*') ?? 0;
  const best = (['br', 'gzip'] as const).filter((e) => weight(e) > 0);
  best.sort((a, b) => weight(b) - weight(a));
  return best[0] ?? null;
}

function appendVary(current: unknown, value: string): string {
  const list = current === undefined ? '' : String(current);
  return list
    .toLowerCase()
    .split(',')
    .map((v) => v.trim())
    .includes(value)
    ? list
    : [list, value].filter(Boolean).join(', ');
}

export async function spa(
  app: FastifyInstance,
  webDist: string,
  apiPrefixes: string[],
): Promise<void> {
  const indexPath = join(webDist, 'index.html');
  const index = existsSync(indexPath) ? readFileSync(indexPath) : null;
  // The page is a few hundred bytes; compressed once here, it is answered like the assets.
  const indexEncoded = index && {
    br: brotliCompressSync(index, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
    gzip: gzipSync(index, { level: 9 }),
  };
  if (!index) app.log.warn({ webDist }, 'web app not built: run `npm run build`');
  else {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: false,
      // name.br / name.gz by Accept-Encoding, with the original's type and Vary: accept-encoding.
      preCompressed: true,
      setHeaders(reply, path) {
        const immutable = HASHED_ASSET.test(path);
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
      return send(reply, request, 404, 'not_found', {}, `No such route: ${request.method} ${path}`);
    const site = siteOfPage(request);
    if (site !== null)
      reply.setCookie(SITE_COOKIE, String(site), { ...crossSiteCookie, httpOnly: true });
    const encoding = chooseEncoding(request.headers['accept-encoding']);
    reply
      .code(200)
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .header('vary', appendVary(reply.getHeader('vary'), 'accept-encoding'));
    if (encoding && indexEncoded) reply.header('content-encoding', encoding);
    return reply.send(encoding && indexEncoded ? indexEncoded[encoding] : index);
  });
}
