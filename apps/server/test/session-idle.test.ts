// The idle expiry as the client sees it: every session answer says how long is left, and
// KeepAlive moves it on, even within the half minute in which ordinary calls leave it be.
import { describe, expect, it } from 'vitest';
import { api, SESSION_EXPIRES_HEADER } from '@backline/contract';
import { anonymous, call, logIn, useTestApp } from './helpers.ts';

const MINUTE = 60_000;
let offset = 0;
const START = new Date('2026-11-18T15:00:00Z').getTime();
const ctx = useTestApp({ SESSION_IDLE_MINUTES: '30' }, { now: () => new Date(START + offset) });

const left = (res: { headers: Record<string, unknown> }) =>
  Number(res.headers[SESSION_EXPIRES_HEADER]);

describe('session idle expiry', () => {
  it('is told on every answer to a session, and KeepAlive moves it on', async () => {
    const master = await logIn(ctx.app, 'MASTER', 'demo-master');
    const first = await call(ctx.app, api.agentLogin, master);
    expect(first.statusCode).toBe(200);
    expect(left(first)).toBe(30 * 60);

    offset += 10_000;
    const soon = await call(ctx.app, api.agentLogin, master);
    expect(left(soon)).toBe(30 * 60 - 10);

    offset += 20_000;
    const kept = await call(ctx.app, api.keepAlive, master, { body: {} });
    expect(kept.statusCode).toBe(200);
    expect(kept.json()).toEqual({ IdleExpiresInSeconds: 30 * 60 });
    expect(left(kept)).toBe(30 * 60);

    // Kept alive a minute before the end, the session lives on for another full idle period.
    offset += 29 * MINUTE;
    const kept2 = await call(ctx.app, api.keepAlive, master, { body: {} });
    expect(kept2.json()).toEqual({ IdleExpiresInSeconds: 30 * 60 });
    offset += 29 * MINUTE + 59_000;
    const alive = await call(ctx.app, api.agentLogin, master);
    expect(alive.statusCode).toBe(200);
    expect(left(alive)).toBe(30 * 60);

    // Left alone past the idle limit, it is over, and KeepAlive cannot bring it back.
    offset += 30 * MINUTE + 1_000;
    expect((await call(ctx.app, api.keepAlive, master, { body: {} })).statusCode).toBe(401);
    expect((await call(ctx.app, api.agentLogin, master)).statusCode).toBe(401);
  });

  it('needs a session, and says nothing about time to a public call', async () => {
    const anon = await anonymous(ctx.app);
    const res = await call(ctx.app, api.keepAlive, anon, { body: {} });
    expect(res.statusCode).toBe(401);
    expect(res.headers[SESSION_EXPIRES_HEADER]).toBeUndefined();
    const config = await call(ctx.app, api.getAgentSignUpConfigurationBySite, null, {
      query: { SiteId: 1 },
    });
    expect(config.headers[SESSION_EXPIRES_HEADER]).toBeUndefined();
  });
});
