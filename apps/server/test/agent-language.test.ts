import { describe, expect, it } from 'vitest';
import { api, type AgentLoginResponse } from '@backline/contract';
import { actingAs, anonymous, call, logIn, useTestApp } from './helpers.ts';
import { idOf } from './db-helpers.ts';

const ctx = useTestApp();

describe('AgentSiteFrames/SetAgentLanguage', () => {
  it('is remembered and applied at the next log-in', async () => {
    const first = await logIn(ctx.app, 'AG2', 'demo-agent');
    expect(first.session.Language).toBe('en');
    const res = await call(ctx.app, api.setAgentLanguage, first, { body: { Language: 'es' } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ Ok: true, Language: 'es' });

    const again = await logIn(ctx.app, 'AG2', 'demo-agent');
    expect(again.session.Language).toBe('es');
    const me = (await call(ctx.app, api.agentLogin, again)).json() as AgentLoginResponse;
    expect(me.Agent).toMatchObject({ Login: 'AG2', Language: 'es' });
  });

  it('sets the signed-in agent\u2019s language, never the sub-agent acted for', async () => {
    const master = await logIn(ctx.app, 'MASTER', 'demo-master');
    const ag1Id = await idOf(ctx.database, 'agents', 'AG1');
    const res = await call(ctx.app, api.setAgentLanguage, actingAs(master, ag1Id), {
      body: { Language: 'es' },
    });
    expect(res.statusCode).toBe(200);
    expect((await logIn(ctx.app, 'MASTER', 'demo-master')).session.Language).toBe('es');
    expect((await logIn(ctx.app, 'AG1', 'demo-agent')).session.Language).toBe('en');
  });

  it('refuses an unknown language, players and callers without a session', async () => {
    const ag1 = await logIn(ctx.app, 'AG1', 'demo-agent');
    const set = (caller: Parameters<typeof call>[2], Language: unknown) =>
      call(ctx.app, api.setAgentLanguage, caller, { body: { Language } });
    expect((await set(ag1, 'fr')).statusCode).toBe(400);
    expect((await set(ag1, undefined)).statusCode).toBe(400);
    expect((await set(await logIn(ctx.app, 'PL1001', 'demo-player'), 'es')).statusCode).toBe(403);
    expect((await set(await anonymous(ctx.app), 'es')).statusCode).toBe(401);
    expect((await logIn(ctx.app, 'AG1', 'demo-agent')).session.Language).toBe('en');
  });
});
