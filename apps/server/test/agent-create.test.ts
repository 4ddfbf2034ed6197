// A new agent from the tree (issue 17): under the caller or an agent below it, with rights and caps
// within its parent's, a first password or an access link; the path an approved sign-up takes, so
// both are recorded and told to the platform alike.
import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { api, type CreatedAgent, type SignUpParent } from '@backline/contract';
import { queryRows } from '../src/db/query.ts';
import { actingAs, anonymous, call, logIn, ok, useTestApp } from './helpers.ts';
import { idOf } from './db-helpers.ts';

const ctx = useTestApp();

type Created = { Agent: CreatedAgent; AccessLinkSent: boolean };
const PAGE = 'http://localhost:5173/AgentTree';

const valid = (over: Record<string, unknown> = {}) => ({
  login: 'NEWAG01',
  name: 'New Agent',
  email: 'newag01@example.test',
  rights: ['viewReports', 'managePlayers'],
  creditLimitCap: 500_000,
  maxWagerCap: 50_000,
  access: 'password',
  password: 'a long first secret',
  ...over,
});

const outboxOf = (idAgent: number) =>
  queryRows<{ payload: { Data: Record<string, unknown>; IdPlayer: number | null } }>(
    ctx.database.db,
    sql`select payload from webhook_outbox where type = 'agent.created'
        and payload->'Data'->>'IdAgent' = ${String(idAgent)}`,
  );

const auditOf = (idAgent: number) =>
  queryRows<{ actor_id: number; details: Record<string, unknown> }>(
    ctx.database.db,
    sql`select actor_id, details from audit_log where action = 'agent.created'
        and target_kind = 'agent' and target_id = ${idAgent}`,
  );

describe('CreateAgent', () => {
  it('makes an agent under a sub-agent with the rights and caps given, who logs in at once', async () => {
    const master = await logIn(ctx.app, 'MASTER', 'demo-master');
    const ag1 = await idOf(ctx.database, 'agents', 'AG1');
    const made = ok<Created>(
      await call(ctx.app, api.createAgent, master, {
        body: valid({ idAgent: ag1, name: ' Nell Agent ', language: 'es' }),
      }),
    );
    expect(made).toMatchObject({
      AccessLinkSent: false,
      Agent: {
        Login: 'NEWAG01',
        Name: 'Nell Agent',
        IdParent: ag1,
        Parent: 'AG1',
        Depth: 2,
        Currency: 'USD',
        Rights: ['viewReports', 'managePlayers'],
        CreditLimitCap: 500_000,
        MaxWagerCap: 50_000,
      },
    });
    const id = made.Agent.IdAgent;
    const closure = await queryRows<{ ancestor_id: number; depth: number }>(
      ctx.database.db,
      sql`select ancestor_id, depth from agent_closure where descendant_id = ${id} order by depth`,
    );
    expect(closure).toEqual([
      { ancestor_id: id, depth: 0 },
      { ancestor_id: ag1, depth: 1 },
      { ancestor_id: await idOf(ctx.database, 'agents', 'MASTER'), depth: 2 },
    ]);

    const nell = await logIn(ctx.app, 'NEWAG01', 'a long first secret');
    const profile = ok<{ Agent: { Login: string; Language: string }; Rights: string[] }>(
      await call(ctx.app, api.agentLogin, nell),
    );
    expect(profile).toMatchObject({
      Agent: { Login: 'NEWAG01', Language: 'es' },
      Rights: ['viewReports', 'managePlayers'],
    });

    // The tree shows it under its parent, and it is a parent to offer from then on.
    const tree = ok<{ Nodes: { Kind: string; Login: string }[] }>(
      await call(ctx.app, api.getAgentPlayerTree, master, { query: { idAgent: ag1 } }),
    );
    expect(tree.Nodes.filter((n) => n.Kind === 'agent').map((n) => n.Login)).toContain('NEWAG01');
    const parents = ok<{ Parents: SignUpParent[] }>(
      await call(ctx.app, api.getNewAgentParents, master),
    );
    expect(parents.Parents.find((p) => p.IdAgent === id)).toMatchObject({
      IdParent: ag1,
      Grantable: ['viewReports', 'managePlayers', 'viewOnly'],
      CreditLimitCap: 500_000,
      MaxWagerCap: 50_000,
    });

    const [audited] = await auditOf(id);
    expect(audited).toMatchObject({
      actor_id: await idOf(ctx.database, 'agents', 'MASTER'),
      details: { via: 'tree', Agent: 'NEWAG01', Parent: 'AG1' },
    });
    expect(JSON.stringify(audited!.details)).not.toContain('secret');
    const [told] = await outboxOf(id);
    expect(told!.payload).toMatchObject({
      IdPlayer: null,
      Data: { Agent: 'NEWAG01', Parent: 'AG1', CreatedBy: 'MASTER', MaxWagerCap: 50_000 },
    });
  });

  it('e-mails an access link instead, under the agent acted for by default', async () => {
    const master = await logIn(ctx.app, 'MASTER', 'demo-master');
    const ag1 = await idOf(ctx.database, 'agents', 'AG1');
    const made = ok<Created>(
      await call(ctx.app, api.createAgent, actingAs(master, ag1), {
        body: valid({
          login: 'linkag01',
          email: 'linkag01@example.test',
          rights: ['viewReports', 'seeCasino'],
          access: 'link',
          password: undefined,
          currentURL: PAGE,
        }),
      }),
    );
    expect(made).toMatchObject({ AccessLinkSent: true, Agent: { IdParent: ag1 } });
    const [mail] = await queryRows<{ to_address: string; text_body: string }>(
      ctx.database.db,
      sql`select to_address, text_body from mail_outbox order by id desc limit 1`,
    );
    expect(mail!.to_address).toBe('linkag01@example.test');
    const token = new URLSearchParams(mail!.text_body.split('#')[1]).get('Token')!;
    const set = await call(ctx.app, api.setPasswordByLink, await anonymous(ctx.app), {
      body: { Player: 'linkag01', Token: token, SiteId: 1, NewPassword: 'the chosen secret' },
    });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toMatchObject({ Kind: 'agent', Player: 'linkag01' });
    await logIn(ctx.app, 'linkag01', 'the chosen secret');
  });

  it('refuses bad input with the field, and creates nothing', async () => {
    const master = await logIn(ctx.app, 'MASTER', 'demo-master');
    const body = (over: Record<string, unknown>) => valid({ login: 'BADAG01', ...over });
    const cases: [Record<string, unknown>, string, string?][] = [
      [body({ login: 'x' }), 'invalid_field', 'login'],
      [body({ login: 'has space' }), 'invalid_field', 'login'],
      [body({ name: '' }), 'invalid_field', 'name'],
      [body({ email: undefined }), 'field_required', 'email'],
      [body({ email: 'not-mail' }), 'invalid_field', 'email'],
      [body({ rights: ['bogus'] }), 'invalid_field', 'rights.0'],
      [body({ creditLimitCap: 0 }), 'invalid_field', 'creditLimitCap'],
      [body({ maxWagerCap: 12.5 }), 'invalid_field', 'maxWagerCap'],
      [body({ maxWagerCap: undefined }), 'field_required', 'maxWagerCap'],
      [body({ access: 'fax' }), 'invalid_field', 'access'],
      [body({ password: undefined }), 'field_required', 'password'],
      [body({ password: 'short' }), 'invalid_field', 'password'],
      [body({ password: 'password123' }), 'password_common', 'password'],
      [body({ password: 'badag01 is the secret' }), 'password_context', 'password'],
      [body({ access: 'link', password: undefined }), 'field_required', 'currentURL'],
      [
        body({ access: 'link', password: undefined, currentURL: 'https://evil.test/' }),
        'origin_not_allowed',
        'currentURL',
      ],
    ];
    for (const [input, code, field] of cases) {
      const res = await call(ctx.app, api.createAgent, master, { body: input });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().Code, res.body).toBe(code);
      if (field) expect(res.json().Params.field, res.body).toBe(field);
    }
    const [row] = await queryRows<{ n: number }>(
      ctx.database.db,
      sql`select count(*)::int as n from agents where lower(login) = 'badag01'`,
    );
    expect(row!.n).toBe(0);
  });

  it('keeps rights and caps within the parent’s, as an approval does', async () => {
    const master = await logIn(ctx.app, 'MASTER', 'demo-master');
    const ag2 = await idOf(ctx.database, 'agents', 'AG2');
    const refusal = async (caller: typeof master, over: Record<string, unknown>) => {
      const res = await call(ctx.app, api.createAgent, caller, {
        body: valid({
          idAgent: ag2,
          rights: ['viewReports'],
          creditLimitCap: 1000,
          maxWagerCap: 100,
          ...over,
        }),
      });
      expect(res.statusCode, res.body).toBe(400);
      return `${res.json().Code} ${JSON.stringify(res.json().Params)}`;
    };
    // AG2 cannot delete wagers, so neither can an agent under it.
    expect(await refusal(master, { rights: ['viewReports', 'deleteWagers'] })).toBe(
      'right_beyond_parent {"right":"deleteWagers"}',
    );
    await ctx.database.db.execute(
      sql`update agents set credit_limit_cap = 300000, max_wager_cap = 40000 where id = ${ag2}`,
    );
    try {
      expect(await refusal(master, { creditLimitCap: 300_001 })).toBe(
        'cap_above_parent {"field":"creditLimitCap","cap":300000}',
      );
      expect(await refusal(master, { maxWagerCap: 40_001 })).toBe(
        'cap_above_parent {"field":"maxWagerCap","cap":40000}',
      );
      // A cap of an agent higher up binds too: AG2 under a capped master.
      const parents = ok<{ Parents: SignUpParent[] }>(
        await call(ctx.app, api.getNewAgentParents, master),
      );
      expect(parents.Parents.find((p) => p.IdAgent === ag2)).toMatchObject({
        CreditLimitCap: 300_000,
        MaxWagerCap: 40_000,
      });
    } finally {
      await ctx.database.db.execute(
        sql`update agents set credit_limit_cap = null, max_wager_cap = null where id = ${ag2}`,
      );
    }
    // Nor may the caller give what it does not hold itself, even where the parent holds it.
    const ag1 = await idOf(ctx.database, 'agents', 'AG1');
    await ctx.database.db.execute(
      sql`update agents set rights = array_remove(rights, 'seeCasino') where id = ${ag1}`,
    );
    try {
      const asAg1 = await logIn(ctx.app, 'AG1', 'demo-agent');
      expect(
        await refusal(asAg1, {
          idAgent: await idOf(ctx.database, 'agents', 'AG1SUB'),
          rights: ['viewReports', 'seeCasino'],
        }),
      ).toBe('right_beyond_own {"right":"seeCasino"}');
    } finally {
      await ctx.database.db.execute(
        sql`update agents set rights = array_append(rights, 'seeCasino') where id = ${ag1}`,
      );
    }
  });

  it('answers 401, 403 without manageAgents, 404 for a parent outside the tree or site', async () => {
    expect(
      (await call(ctx.app, api.createAgent, await anonymous(ctx.app), { body: valid() }))
        .statusCode,
    ).toBe(401);
    const ag3 = await logIn(ctx.app, 'AG3', 'demo-agent');
    expect((await call(ctx.app, api.createAgent, ag3, { body: valid() })).statusCode).toBe(403);
    expect((await call(ctx.app, api.getNewAgentParents, ag3)).statusCode).toBe(403);

    const ag1 = await logIn(ctx.app, 'AG1', 'demo-agent');
    const beside = await call(ctx.app, api.createAgent, ag1, {
      body: valid({ idAgent: await idOf(ctx.database, 'agents', 'AG2') }),
    });
    const master = await logIn(ctx.app, 'MASTER', 'demo-master');
    const foreignId = await idOf(ctx.database, 'agents', 'ESAG1', 2);
    const foreign = await call(ctx.app, api.createAgent, master, {
      body: valid({ idAgent: foreignId }),
    });
    for (const res of [beside, foreign]) {
      expect(res.statusCode, res.body).toBe(404);
      expect(res.json().Code).toBe('agent_not_found');
    }
    // The parents offered are the caller's tree only.
    const offered = ok<{ Parents: SignUpParent[] }>(
      await call(ctx.app, api.getNewAgentParents, ag1),
    );
    expect(offered.Parents[0]).toMatchObject({ Login: 'AG1', Depth: 1 });
    expect(offered.Parents.map((p) => p.Login)).not.toContain('AG2');
  });

  it('refuses a login or e-mail already taken on the site with 409', async () => {
    const master = await logIn(ctx.app, 'MASTER', 'demo-master');
    const cases: [Record<string, unknown>, string][] = [
      [valid({ login: 'AG1', email: 'dup1@example.test' }), 'login_taken'],
      [valid({ login: 'ag1sub', email: 'dup2@example.test' }), 'login_taken'],
      // A player's login too: log-in would find the agent first and lock the player out.
      [valid({ login: 'PL1001', email: 'dup3@example.test' }), 'login_taken'],
      [valid({ login: 'FRESHAG9', email: 'AG1@demo.backline.test' }), 'email_taken'],
    ];
    for (const [input, code] of cases) {
      const res = await call(ctx.app, api.createAgent, master, { body: input });
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json().Code, res.body).toBe(code);
    }
  });
});

describe('an approved sign-up', () => {
  it('makes its agent on the same path: recorded and told to the platform', async () => {
    const filed = await call(ctx.app, api.insertAgentSignUp, await anonymous(ctx.app, '10.7.0.1'), {
      body: {
        SiteId: 1,
        FirstName: 'Sam',
        LastName: 'Signed',
        Email: 'sam.signed@example.test',
        Login: 'SAMSIGNED',
        Phone: '+1 305 555 0111',
        Country: 'US',
      },
    });
    expect(filed.statusCode, filed.body).toBe(200);
    const master = await logIn(ctx.app, 'MASTER', 'demo-master');
    const decided = ok<{ IdAgent: number }>(
      await call(ctx.app, api.decideAgentSignUp, master, {
        body: {
          IdSignUp: filed.json().IdSignUp,
          Decision: 'approve',
          currentURL: 'http://localhost:8080/AgentSignUps',
          IdParent: await idOf(ctx.database, 'agents', 'MASTER'),
          Rights: ['viewReports'],
          CreditLimitCap: 100_000,
          MaxWagerCap: 10_000,
        },
      }),
    );
    const [audited] = await auditOf(decided.IdAgent);
    expect(audited!.details).toMatchObject({ via: 'sign-up', Agent: 'SAMSIGNED' });
    const [told] = await outboxOf(decided.IdAgent);
    expect(told!.payload.Data).toMatchObject({
      Agent: 'SAMSIGNED',
      Parent: 'MASTER',
      Name: 'Sam Signed',
      CreatedBy: 'MASTER',
    });
  });
});
