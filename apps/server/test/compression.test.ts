// Issue 14, item 9: JSON answers are compressed for a client that takes it; the SPA goes out as the
// build compressed it; exports and the notification stream are not held back by a compressor.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { api, type Endpoint } from '@backline/contract';
import { loadConfig } from '../src/config.ts';
import { buildApp } from '../src/app.ts';
import { chooseEncoding } from '../src/plugins/spa.ts';
import { precompressDir } from '../../web/build/precompress.ts';
import { call, logIn, testClock, urlOf, useTestApp, type Caller } from './helpers.ts';

const ctx = useTestApp();
const BROWSER = 'gzip, deflate, br, zstd';

/** `call` as a browser sends it: with the encodings it takes. */
async function asked(
  caller: Caller,
  encodings: string | undefined,
  e: Endpoint = api.newWeeklyBalance,
  body: unknown = { period: 3 },
): Promise<LightMyRequestResponse> {
  return ctx.app.inject({
    method: e.method,
    url: urlOf(e),
    headers: {
      authorization: caller.authorization!,
      'x-csrf-token': caller.csrf,
      cookie: `bl_csrf=${caller.csrf}`,
      ...(encodings === undefined ? {} : { 'accept-encoding': encodings }),
    },
    payload: body as object,
  });
}

function decoded(res: LightMyRequestResponse): Buffer {
  const encoding = res.headers['content-encoding'];
  if (encoding === 'br') return brotliDecompressSync(res.rawPayload);
  if (encoding === 'gzip') return gunzipSync(res.rawPayload);
  expect(encoding).toBeUndefined();
  return res.rawPayload;
}

describe('API compression', () => {
  it('sends a large report as brotli to a browser, gzip to a gzip-only client, plain otherwise', async () => {
    const master = await logIn(ctx.app, 'MASTER', 'demo-master');
    const plain = await asked(master, undefined);
    expect(plain.statusCode, plain.body.slice(0, 200)).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    const json = JSON.parse(plain.body) as unknown;
    expect(plain.rawPayload.length).toBeGreaterThan(20_000);

    const br = await asked(master, BROWSER);
    expect(br.headers['content-encoding']).toBe('br');
    expect(String(br.headers.vary)).toMatch(/accept-encoding/i);
    expect(br.headers['content-type']).toMatch(/^application\/json/);
    expect(br.headers['cache-control']).toBe('no-store');
    expect(JSON.parse(decoded(br).toString('utf8'))).toEqual(json);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 4);

    const gzip = await asked(master, 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(decoded(gzip).toString('utf8'))).toEqual(json);

    const refused = await asked(master, 'br;q=0, gzip;q=0');
    expect(refused.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(refused.body)).toEqual(json);
  });

  it('leaves answers under 1 KB as they are, errors included', async () => {
    const health = await ctx.app.inject({
      method: 'GET',
      url: '/healthz',
      headers: { 'accept-encoding': BROWSER },
    });
    expect(health.statusCode).toBe(200);
    expect(health.headers['content-encoding']).toBeUndefined();
    expect(health.json()).toMatchObject({ Status: 'ok' });

    const nobody = await ctx.app.inject({
      method: 'POST',
      url: urlOf(api.newWeeklyBalance),
      headers: { 'accept-encoding': BROWSER },
      payload: {},
    });
    expect(nobody.statusCode).toBeGreaterThanOrEqual(400);
    expect(nobody.headers['content-encoding']).toBeUndefined();
    expect(nobody.json()).toHaveProperty('Message');
  });

  it('streams a CSV export as written, uncompressed, to a browser that takes brotli', async () => {
    const sub = await logIn(ctx.app, 'AG1SUB', 'demo-sub');
    const res = await asked(sub, BROWSER, api.exportReport, {
      report: 'gradedBets',
      filters: { startDate: '2026-11-09', endDate: '2026-11-15' },
      format: 'csv',
    });
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    expect(res.rawPayload.toString('utf8').split('\n').length).toBeGreaterThan(2);
  });

  it('keeps the notification stream an uncompressed event stream', async () => {
    const other = await buildApp({ config: ctx.config, database: ctx.database, now: testClock });
    try {
      const base = await other.listen({ port: 0, host: '127.0.0.1' });
      const sub = await logIn(ctx.app, 'AG1SUB', 'demo-sub');
      const ticket = await call(ctx.app, api.notificationStreamTicket, sub);
      expect(ticket.statusCode, ticket.body).toBe(200);
      const abort = new AbortController();
      const res = await fetch(
        `${base}${urlOf(api.notificationStream, { ticket: (ticket.json() as { Ticket: string }).Ticket })}`,
        { signal: abort.signal, headers: { 'accept-encoding': BROWSER } },
      );
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toContain('text/event-stream');
      expect(res.headers.get('content-encoding')).toBeNull();
      // The first event arrives at once: nothing waits for a compressor's window to fill.
      const reader = res.body!.getReader();
      const first = await Promise.race([
        reader.read(),
        new Promise<never>((_, reject) => setTimeout(() => reject(new Error('no event')), 2000)),
      ]);
      expect(new TextDecoder().decode(first.value)).toMatch(/event: count/);
      abort.abort();
    } finally {
      await other.close();
    }
  });
});

describe('The built SPA, pre-compressed', () => {
  let dist: string;
  let app: FastifyInstance;
  const script = `export const words = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => `word ${i}`))};\n`;
  const page = `<!doctype html><html><head><script type="module" src="/assets/index-AbCd1234.js"></script></head><body>${'<!-- padding -->'.repeat(40)}</body></html>`;

  beforeAll(async () => {
    dist = mkdtempSync(join(tmpdir(), 'backline-spa-'));
    mkdirSync(join(dist, 'assets', 'i18n'), { recursive: true });
    writeFileSync(join(dist, 'index.html'), page);
    writeFileSync(join(dist, 'assets', 'index-AbCd1234.js'), script);
    writeFileSync(join(dist, 'assets', 'i18n', 'en.json'), JSON.stringify({ words: script }));
    const written = precompressDir(dist);
    expect(written.map((w) => w.file.slice(dist.length)).sort()).toEqual([
      '/assets/i18n/en.json',
      '/assets/index-AbCd1234.js',
      '/index.html',
    ]);
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', WEB_DIST: dist });
    app = await buildApp({ config, database: ctx.database, now: testClock });
  });
  afterAll(async () => {
    await app?.close();
    rmSync(dist, { recursive: true, force: true });
  });

  const get = (url: string, encodings?: string) =>
    app.inject({
      method: 'GET',
      url,
      headers: encodings === undefined ? {} : { 'accept-encoding': encodings },
    });

  it('serves a hashed script as brotli or gzip, with its own type, Vary and immutable caching', async () => {
    for (const [encodings, expected] of [
      [BROWSER, 'br'],
      ['gzip', 'gzip'],
      ['identity', undefined],
      [undefined, undefined],
    ] as const) {
      const res = await get('/assets/index-AbCd1234.js', encodings);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBe(expected);
      expect(res.headers['content-type']).toMatch(/^(application|text)\/javascript/);
      expect(String(res.headers.vary)).toMatch(/accept-encoding/i);
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(decoded(res).toString('utf8')).toBe(script);
      if (expected) expect(res.rawPayload.length).toBeLessThan(script.length / 3);
    }
  });

  it('serves the translations compressed but revalidated, as JSON', async () => {
    const res = await get('/assets/i18n/en.json', BROWSER);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(JSON.parse(decoded(res).toString('utf8'))).toEqual({ words: script });
  });

  it('answers every page path with the compressed page', async () => {
    for (const [encodings, expected] of [
      [BROWSER, 'br'],
      ['gzip;q=1, br;q=0.5', 'gzip'],
      [undefined, undefined],
    ] as const) {
      const res = await get('/login?SiteId=1', encodings);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(res.headers['content-encoding']).toBe(expected);
      expect(String(res.headers.vary)).toMatch(/accept-encoding/i);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(decoded(res).toString('utf8')).toBe(page);
    }
  });
});

describe('chooseEncoding', () => {
  it('prefers brotli, honours weights and refusals', () => {
    expect(chooseEncoding(BROWSER)).toBe('br');
    expect(chooseEncoding('gzip')).toBe('gzip');
    expect(chooseEncoding('br;q=0.2, gzip;q=0.8')).toBe('gzip');
    expect(chooseEncoding('br;q=0, gzip;q=0')).toBeNull();
    expect(chooseEncoding('*')).toBe('br');
    expect(chooseEncoding('*;q=0, gzip')).toBe('gzip');
    expect(chooseEncoding('identity')).toBeNull();
    expect(chooseEncoding(undefined)).toBeNull();
    expect(chooseEncoding('')).toBeNull();
  });
});
