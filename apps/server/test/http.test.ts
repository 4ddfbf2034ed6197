import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { api } from '@backline/contract';
import { call, logIn, useTestApp } from './helpers.ts';

const webDist = mkdtempSync(join(tmpdir(), 'backline-web-'));
writeFileSync(
  join(webDist, 'index.html'),
  '<!doctype html><title>Backline</title><div id="root"></div>',
);
const ctx = useTestApp({ WEB_DIST: webDist });
afterAll(() => rmSync(webDist, { recursive: true, force: true }));

describe('the HTTP surface', () => {
  it('answers /healthz with the database kind', async () => {
    const res = await ctx.app.inject({ url: '/healthz' });
    expect(res.statusCode).toBe(200);
    expect(res.json().Status).toBe('ok');
  });

  it('serves OpenAPI generated from the contract', async () => {
    const res = await ctx.app.inject({ url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(Object.keys(doc.paths)).toContain('/api/reports/AgentSiteFrames/WeeklyBalance');
    expect(Object.keys(doc.paths)).toContain('/api/core/WebClient4Frames/Login');
    expect((await ctx.app.inject({ url: '/api/docs' })).statusCode).toBeLessThan(400);
  });

  it('answers unknown API paths with the error body', async () => {
    const res = await ctx.app.inject({ url: '/api/reports/AgentSiteFrames/Nope' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ StatusCode: 404 });
    expect(res.json().RequestId).toBeTruthy();
  });

  it('puts security headers on API responses and never caches them', async () => {
    const master = await logIn(ctx.app, 'MASTER', 'demo-master');
    const res = await call(ctx.app, api.agentLogin, master);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['content-security-policy']).toBe(
      "default-src 'none'; frame-ancestors 'none'",
    );
    expect(res.headers['strict-transport-security']).toContain('max-age=');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBeUndefined();
  });

  it('lets only the site\u2019s allowed origins frame its pages, never *', async () => {
    const page = await ctx.app.inject({ url: '/login?SiteId=1' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toContain("frame-ancestors 'self' http://localhost:* http://127.0.0.1:*");
    // A port wildcard is fine; a bare * source (any origin) never is.
    expect(csp).not.toMatch(/frame-ancestors[^;]*\s\*(\s|;|$)/);
    const site = page.cookies.find((c) => c.name === 'bl_site');
    expect(site).toMatchObject({ value: '1', secure: true, sameSite: 'None' });
    // A reload deeper in the app, inside the frame, keeps the site from its cookie.
    const deep = await ctx.app.inject({ url: '/WeeklyBalance', cookies: { bl_site: '1' } });
    expect(String(deep.headers['content-security-policy'])).toContain('http://localhost:*');
    const unknown = await ctx.app.inject({ url: '/WeeklyBalance' });
    expect(String(unknown.headers['content-security-policy'])).toContain("frame-ancestors 'self'");
  });

  it('sets the CSRF cookie so it works inside a cross-site iframe', async () => {
    const res = await ctx.app.inject({ url: '/healthz' });
    const raw = String(res.headers['set-cookie']);
    expect(raw).toMatch(/bl_csrf=/);
    expect(raw).toMatch(/Secure/);
    expect(raw).toMatch(/SameSite=None/);
    expect(raw).toMatch(/Partitioned/);
  });
});
