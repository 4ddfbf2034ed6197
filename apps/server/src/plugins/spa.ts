// Serves the built SPA: hashed assets cached for good, every other page path answered with index.html.
// Files go out as the build compressed them (name.br, name.gz beside each file: apps/web/vite.config.ts)
// when the browser takes brotli or gzip; nothing is compressed per request.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { send } from './error-handler.ts';
import { crossSiteCookie } from './csrf.ts';
import { SITE_COOKIE, siteOfPage, type InlineSources } from './security-headers.ts';

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

/** The log-in page drawn at build time (apps/web/build/login-shell.ts), answered for /login. */
export const LOGIN_SHELL_FILE = 'login.html';

/** CSP hash sources of a page's inline scripts and styles (elements without attributes). */
export function inlineSourcesOf(html: string): InlineSources {
  const hashes = (tag: 'script' | 'style') =>
    [
      ...new Set(
        [...html.matchAll(new RegExp(`<${tag}>([\\s\\S]*?)</${tag}>`, 'g'))].map(
          ([, body]) => `'sha256-${createHash('sha256').update(body!).digest('base64')}'`,
        ),
      ),
    ].join(' ');
  return { script: hashes('script'), style: hashes('style') };
}

interface Page {
  bytes: Buffer;
  br: Buffer;
  gzip: Buffer;
  inlineSources: InlineSources;
}

function pageOf(path: string): Page | null {
  if (!existsSync(path)) return null;
  const bytes = readFileSync(path);
  // A page is a few kilobytes; compressed once here, it is answered like the assets.
  return {
    bytes,
    br: brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
    gzip: gzipSync(bytes, { level: 9 }),
    inlineSources: inlineSourcesOf(bytes.toString('utf8')),
  };
}

export async function spa(
  app: FastifyInstance,
  webDist: string,
  apiPrefixes: string[],
): Promise<void> {
  const index = pageOf(join(webDist, 'index.html'));
  const loginPage = pageOf(join(webDist, LOGIN_SHELL_FILE)) ?? index;
  if (!index) app.log.warn({ webDist }, 'web app not built: run `npm run build`');
  else {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: false,
      // The log-in page is answered at /login only, with its inline parts allowed by hash.
      allowedPath: (pathName) => !pathName.endsWith(`/${LOGIN_SHELL_FILE}`),
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
    const page = path.toLowerCase() === '/login' ? loginPage! : index;
    request.inlineSources = page.inlineSources;
    const encoding = chooseEncoding(request.headers['accept-encoding']);
    reply
      .code(200)
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .header('vary', appendVary(reply.getHeader('vary'), 'accept-encoding'));
    if (encoding) reply.header('content-encoding', encoding);
    return reply.send(encoding ? page[encoding] : page.bytes);
  });
}
