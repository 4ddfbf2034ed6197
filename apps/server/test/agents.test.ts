import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { api, type AgentSummary } from '@backline/contract';
import { queryRows } from '../src/db/query.ts';
import { anonymous, call, logIn, useTestApp } from './helpers.ts';
import { idOf } from './db-helpers.ts';

const ctx = useTestApp();

describe('AgentSiteFrames/GetSubAgents', () => {
  it('lists exactly the caller\u2019s subtree, itself first', async () => {
    const ag1 = await logIn(ctx.app, 'AG1', 'demo-agent');
    const res = await call(ctx.app, api.getSubAgents, ag1, { body: {} });
    expect(res.statusCode).toBe(200);
    const agents = res.json() as AgentSummary[];
    expect(agents[0]).toMatchObject({ Login: 'AG1', Depth: 0 });
    const closure = await queryRows<{ login: string }>(
      ctx.database.db,
      sql`select a.login from agent_closure c join agents a on a.id = c.descendant_id
          where c.ancestor_id = ${await idOf(ctx.database, 'agents', 'AG1')}`,
    );
    expect(agents.map((a) => a.Login).sort()).toEqual(closure.map((r) => r.login).sort());
    expect(agents.map((a) => a.Login)).not.toContain('AG2');
    expect(agents.find((a) => a.Login === 'AG1SUB')?.Depth).toBe(1);
  });

  it('refuses a root outside the tree, a player, and no session', async () => {
    const sub = await logIn(ctx.app, 'AG1SUB', 'demo-sub');
    const ag2 = await idOf(ctx.database, 'agents', 'AG2');
    expect(
      (await call(ctx.app, api.getSubAgents, sub, { body: { idAgent: ag2 } })).statusCode,
    ).toBe(404);
    const master2 = await logIn(ctx.app, 'MASTER2', 'demo-master', 2);
    const master = await idOf(ctx.database, 'agents', 'MASTER');
    expect(
      (await call(ctx.app, api.getSubAgents, master2, { body: { idAgent: master } })).statusCode,
    ).toBe(404);
    const player = await logIn(ctx.app, 'PL1001', 'demo-player');
    expect((await call(ctx.app, api.getSubAgents, player, { body: {} })).statusCode).toBe(403);
    const nobody = await anonymous(ctx.app);
    expect((await call(ctx.app, api.getSubAgents, nobody, { body: {} })).statusCode).toBe(401);
    expect((await call(ctx.app, api.getSubAgents, sub, { body: { idAgent: -4 } })).statusCode).toBe(
      400,
    );
  });
});
