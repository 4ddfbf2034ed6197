// What a parent sets for a sub-agent (issue 17): rights within its own and the parent's, caps
// within the caps above, new players' limits within the caps, products for the subtree; a right
// taken away and a cap lowered reach every agent below; each change recorded with before and after.
import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { api, type AgentSettings } from '@backline/contract';
import { queryRows } from '../src/db/query.ts';
import { anonymous, call, logIn, ok, useTestApp, type Caller } from './helpers.ts';
import { idOf } from './db-helpers.ts';

const ctx = useTestApp();

const settingsOf = async (caller: Caller, idAgent: number) =>
  ok<AgentSettings>(await call(ctx.app, api.getAgentSettings, caller, { body: { idAgent } }));

const bodyOf = (s: AgentSettings, change: Record<string, unknown> = {}) => ({
  idAgent: s.IdAgent,
  rights: s.Rights,
  creditLimitCap: s.CreditLimitCap,
  maxWagerCap: s.MaxWagerCap,
  productsOff: s.ProductsOff,
  playerDefaults: s.PlayerDefaults,
  ...change,
});

async function agentRow(login: string) {
  const [row] = await queryRows<{
    rights: string[];
    credit_limit_cap: number | null;
    max_wager_cap: number | null;
  }>(
    ctx.database.db,
    sql`select rights, credit_limit_cap, max_wager_cap from agents
        where login = ${login} and site_id = 1`,
  );
  return row!;
}

describe('GetAgentSettings and SetAgentSettings', () => {
  it("narrows a sub-agent's rights and caps, and every agent below follows", async () => {
    const master = await logIn(ctx.app, 'MASTER', 'demo-master');
    const idAg1Sub = await idOf(ctx.database, 'agents', 'AG1SUB');
    const was = await settingsOf(master, idAg1Sub);
    expect(was).toMatchObject({ Agent: 'AG1SUB', ProductsOff: [] });
    expect(was.Rights).toContain('changePasswords');
    // AG1SUB's parent (AG1) holds every right, and so does the master: all are grantable.
    expect(was.Grantable).toContain('manageAgents');
    expect((await agentRow('AG1SUBA')).rights).toContain('changePasswords');

    const now = ok<AgentSettings>(
      await call(ctx.app, api.setAgentSettings, master, {
        body: bodyOf(was, {
          rights: was.Rights.filter((r) => r !== 'changePasswords'),
          creditLimitCap: 500_000,
          maxWagerCap: 20_000,
          productsOff: ['rbl'],
          playerDefaults: {
            CreditLimit: 100_000,
            MaxWager: 10_000,
            Limits: { MaxByType: { parlay: 5_000 }, MaxParlayLegs: 4 },
          },
        }),
      }),
    );
    expect(now).toMatchObject({
      CreditLimitCap: 500_000,
      MaxWagerCap: 20_000,
      ProductsOff: ['rbl'],
      PlayerDefaults: { CreditLimit: 100_000, MaxWager: 10_000 },
    });
    expect(now.Rights).not.toContain('changePasswords');
    expect(now.PlayerDefaults.Limits).toMatchObject({
      MaxByType: { parlay: 5_000 },
      MaxParlayLegs: 4,
    });
    // The agent below loses the right its parent no longer has.
    expect((await agentRow('AG1SUBA')).rights).not.toContain('changePasswords');

    const [row] = await queryRows<{ details: { before: object; after: object; narrowed: number } }>(
      ctx.database.db,
      sql`select details from audit_log where action = 'agent.settings' and target_id = ${idAg1Sub}
          order by id desc limit 1`,
    );
    expect(row!.details.narrowed).toBe(1);
    expect(row!.details.before).toMatchObject({ CreditLimitCap: was.CreditLimitCap });
    expect(row!.details.after).toMatchObject({ CreditLimitCap: 500_000, ProductsOff: ['rbl'] });

    // A cap of AG1's lowered below AG1SUB's brings AG1SUB's down with it.
    const ag1 = await settingsOf(master, await idOf(ctx.database, 'agents', 'AG1'));
    ok(
      await call(ctx.app, api.setAgentSettings, master, {
        body: bodyOf(ag1, { maxWagerCap: 15_000 }),
      }),
    );
    expect(Number((await agentRow('AG1SUB')).max_wager_cap)).toBe(15_000);
  });

  it('refuses caps above the caps over the agent, defaults above its caps, and rights beyond', async () => {
    const master = await logIn(ctx.app, 'MASTER', 'demo-master');
    const ag1 = await settingsOf(master, await idOf(ctx.database, 'agents', 'AG1'));
    ok(
      await call(ctx.app, api.setAgentSettings, master, {
        body: bodyOf(ag1, { creditLimitCap: 1_000_000 }),
      }),
    );
    const sub = await settingsOf(master, await idOf(ctx.database, 'agents', 'AG1SUB'));
    const cases: [Record<string, unknown>, number, string][] = [
      [{ creditLimitCap: 1_000_001 }, 400, 'cap_above_parent'],
      [{ creditLimitCap: null, playerDefaults: { CreditLimit: 2_000_000 } }, 400, 'over_agent_cap'],
      [{ rights: [...sub.Rights, 'bogus'] }, 400, 'invalid_field'],
      [{ creditLimitCap: -1 }, 400, 'invalid_field'],
    ];
    for (const [change, status, code] of cases) {
      const res = await call(ctx.app, api.setAgentSettings, master, { body: bodyOf(sub, change) });
      expect(res.statusCode, res.body).toBe(status);
      expect(res.json().Code, res.body).toBe(code);
    }
    // AG2's sub-agent may not be given a right AG2 lacks.
    const ag2sub = await settingsOf(master, await idOf(ctx.database, 'agents', 'AG2SUB'));
    expect(ag2sub.Grantable).not.toContain('deleteWagers');
    const wider = await call(ctx.app, api.setAgentSettings, master, {
      body: bodyOf(ag2sub, { rights: [...ag2sub.Rights, 'deleteWagers'] }),
    });
    expect(wider.statusCode).toBe(400);
    expect(wider.json().Code).toBe('right_beyond_own');
    expect(await settingsOf(master, ag2sub.IdAgent)).toEqual(ag2sub);
  });

  it('answers 401, 403 without the right or for oneself, 404 outside the tree', async () => {
    const idAg1Sub = await idOf(ctx.database, 'agents', 'AG1SUB');
    const body = { idAgent: idAg1Sub };
    const anon = await anonymous(ctx.app);
    expect((await call(ctx.app, api.getAgentSettings, anon, { body })).statusCode).toBe(401);
    // AG3 may not manage agents.
    const ag3 = await logIn(ctx.app, 'AG3', 'demo-agent');
    expect((await call(ctx.app, api.getAgentSettings, ag3, { body })).statusCode).toBe(403);
    const ag1 = await logIn(ctx.app, 'AG1', 'demo-agent');
    const own = await call(ctx.app, api.getAgentSettings, ag1, {
      body: { idAgent: await idOf(ctx.database, 'agents', 'AG1') },
    });
    expect(own.statusCode).toBe(403);
    expect(own.json().Code).toBe('own_settings_by_parent');
    const outside = await call(ctx.app, api.getAgentSettings, ag1, {
      body: { idAgent: await idOf(ctx.database, 'agents', 'AG2') },
    });
    expect(outside.statusCode).toBe(404);
    const player = await logIn(ctx.app, 'PL1001', 'demo-player');
    expect((await call(ctx.app, api.getAgentSettings, player, { body })).statusCode).toBe(403);
  });
});
