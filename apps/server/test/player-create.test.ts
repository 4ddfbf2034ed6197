// A new player (issue 17): made by an agent under itself or a sub-agent, on the agent's default
// limits, with a first password or an access link by e-mail; by the platform through the feed on
// the same path; recorded and told to the platform.
import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { api, type AgentSettings, type PlayerAccount, type PlayerLimits } from '@backline/contract';
import { queryRows } from '../src/db/query.ts';
import { actingAs, anonymous, call, logIn, ok, useTestApp } from './helpers.ts';
import { idOf } from './db-helpers.ts';

const ctx = useTestApp();

type Created = { Player: PlayerAccount; AccessLinkSent: boolean };
const ORIGIN = 'http://localhost:5173/Players';

describe('CreatePlayer', () => {
  it("makes a player under a sub-agent on that agent's defaults, who can then log in", async () => {
    const master = await logIn(ctx.app, 'MASTER', 'demo-master');
    const idAg1Sub = await idOf(ctx.database, 'agents', 'AG1SUB');
    const settings = ok<AgentSettings>(
      await call(ctx.app, api.getAgentSettings, master, { body: { idAgent: idAg1Sub } }),
    );
    ok(
      await call(ctx.app, api.setAgentSettings, master, {
        body: {
          idAgent: idAg1Sub,
          rights: settings.Rights,
          creditLimitCap: settings.CreditLimitCap,
          maxWagerCap: settings.MaxWagerCap,
          productsOff: settings.ProductsOff,
          playerDefaults: {
            CreditLimit: 75_000,
            MaxWager: 5_000,
            Limits: { MinByType: { straight: 500 } },
          },
        },
      }),
    );
    const made = ok<Created>(
      await call(ctx.app, api.createPlayer, master, {
        body: {
          idAgent: idAg1Sub,
          login: 'newbie01',
          name: ' Nina Newbie ',
          access: 'password',
          password: 'a long first secret',
        },
      }),
    );
    expect(made.AccessLinkSent).toBe(false);
    expect(made.Player).toMatchObject({
      Player: 'newbie01',
      Name: 'Nina Newbie',
      Agent: 'AG1SUB',
      Status: 'active',
      CreditLimit: 75_000,
      Balance: 0,
      Available: 75_000,
    });
    const limits = ok<PlayerLimits>(
      await call(ctx.app, api.getPlayerLimits, master, {
        body: { idPlayer: made.Player.IdPlayer },
      }),
    );
    expect(limits).toMatchObject({ MaxWager: 5_000, Limits: { MinByType: { straight: 500 } } });
    await logIn(ctx.app, 'newbie01', 'a long first secret');

    const [told] = await queryRows<{ payload: { Data: Record<string, unknown> } }>(
      ctx.database.db,
      sql`select payload from webhook_outbox where type = 'player.created'
          and player_id = ${made.Player.IdPlayer}`,
    );
    expect(told!.payload.Data).toMatchObject({ Player: 'newbie01', Agent: 'AG1SUB' });
    const [audited] = await queryRows<{ n: number }>(
      ctx.database.db,
      sql`select count(*)::int as n from audit_log where action = 'player.created'
          and target_id = ${made.Player.IdPlayer}`,
    );
    expect(audited!.n).toBe(1);
  });

  it('starts a player on its agent\u2019s defaults as far as a cap lowered above since allows', async () => {
    // AG1SUB's new players start on 750.00 credit and 50.00 wagers, at least 5.00 straight (above);
    // AG1's caps are then lowered below them.
    const master = await logIn(ctx.app, 'MASTER', 'demo-master');
    const ag1 = await idOf(ctx.database, 'agents', 'AG1');
    await ctx.database.db.execute(
      sql`update agents set credit_limit_cap = 50000, max_wager_cap = 300 where id = ${ag1}`,
    );
    try {
      const made = ok<Created>(
        await call(ctx.app, api.createPlayer, master, {
          body: {
            idAgent: await idOf(ctx.database, 'agents', 'AG1SUB'),
            login: 'newbie02',
            name: 'Capped Newbie',
            access: 'password',
            password: 'a long first secret',
          },
        }),
      );
      expect(made.Player.CreditLimit).toBe(50_000);
      const limits = ok<PlayerLimits>(
        await call(ctx.app, api.getPlayerLimits, master, {
          body: { idPlayer: made.Player.IdPlayer },
        }),
      );
      expect(limits).toMatchObject({ MaxWager: 300, Limits: { MinByType: { straight: 300 } } });
    } finally {
      await ctx.database.db.execute(
        sql`update agents set credit_limit_cap = null, max_wager_cap = null where id = ${ag1}`,
      );
    }
  });

  it('sends an access link by e-mail instead of a password, under the agent acted for', async () => {
    const master = await logIn(ctx.app, 'MASTER', 'demo-master');
    const asAg1 = actingAs(master, await idOf(ctx.database, 'agents', 'AG1'));
    const made = ok<Created>(
      await call(ctx.app, api.createPlayer, asAg1, {
        body: {
          login: 'linked01',
          name: 'Lina Link',
          email: 'lina@example.test',
          access: 'link',
          currentURL: ORIGIN,
        },
      }),
    );
    expect(made).toMatchObject({ AccessLinkSent: true, Player: { Agent: 'AG1' } });
    const [mail] = await queryRows<{ to_address: string }>(
      ctx.database.db,
      sql`select to_address from mail_outbox order by id desc limit 1`,
    );
    expect(mail!.to_address).toBe('lina@example.test');
  });

  it('refuses a taken login, a weak or missing password, a link without e-mail, naming the field', async () => {
    const master = await logIn(ctx.app, 'MASTER', 'demo-master');
    const base = {
      login: 'fresh01',
      name: 'Fresh',
      access: 'password',
      password: 'good enough secret',
    };
    const cases: [Record<string, unknown>, number, string, string?][] = [
      [{ ...base, login: 'PL1001' }, 409, 'login_taken'],
      [{ ...base, login: 'pl1001' }, 409, 'login_taken'],
      [{ ...base, login: 'x' }, 400, 'invalid_field', 'login'],
      [{ ...base, login: 'has space' }, 400, 'invalid_field', 'login'],
      [{ ...base, password: undefined }, 400, 'field_required', 'password'],
      [{ ...base, password: 'password' }, 400, 'password_common', 'password'],
      [{ ...base, access: 'link' }, 400, 'field_required', 'email'],
      [
        { ...base, access: 'link', email: 'a@b.test', currentURL: 'https://evil.test/' },
        400,
        'origin_not_allowed',
      ],
      [{ ...base, name: '' }, 400, 'invalid_field', 'name'],
    ];
    for (const [body, status, code, field] of cases) {
      const res = await call(ctx.app, api.createPlayer, master, { body });
      expect(res.statusCode, res.body).toBe(status);
      expect(res.json().Code, res.body).toBe(code);
      if (field) expect(res.json().Params.field).toBe(field);
    }
    const [row] = await queryRows<{ n: number }>(
      ctx.database.db,
      sql`select count(*)::int as n from players where lower(login) = 'fresh01'`,
    );
    expect(row!.n).toBe(0);
  });

  it('answers 401, 403 without the right, 404 for an agent outside the tree', async () => {
    const body = {
      login: 'nobody01',
      name: 'No',
      access: 'password',
      password: 'good enough secret',
    };
    expect(
      (await call(ctx.app, api.createPlayer, await anonymous(ctx.app), { body })).statusCode,
    ).toBe(401);
    const ag3 = await logIn(ctx.app, 'AG3', 'demo-agent');
    expect((await call(ctx.app, api.createPlayer, ag3, { body })).statusCode).toBe(403);
    const ag1 = await logIn(ctx.app, 'AG1', 'demo-agent');
    const outside = await call(ctx.app, api.createPlayer, ag1, {
      body: { ...body, idAgent: await idOf(ctx.database, 'agents', 'AG2') },
    });
    expect(outside.statusCode).toBe(404);
  });
});
