import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { api, type AgentPlayerTreeResponse, type TreeNode } from '@backline/contract';
import { queryRows } from '../src/db/query.ts';
import { actingAs, anonymous, call, logIn, useTestApp, type Caller } from './helpers.ts';
import { idOf } from './db-helpers.ts';

const ctx = useTestApp();

async function tree(
  caller: Caller,
  query: Record<string, unknown> = {},
): Promise<AgentPlayerTreeResponse> {
  const res = await call(ctx.app, api.getAgentPlayerTree, caller, { query });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as AgentPlayerTreeResponse;
}

/** Every child of an agent, page after page. */
async function children(caller: Caller, idAgent?: number): Promise<AgentPlayerTreeResponse> {
  const first = await tree(caller, { idAgent, pageSize: 40 });
  const nodes = [...first.Nodes];
  for (let page = 2; nodes.filter((n) => n.Kind === 'player').length < first.PlayersTotal; page++) {
    const next = await tree(caller, { idAgent, pageSize: 40, page });
    expect(next.Nodes.length).toBeGreaterThan(0);
    expect(next.Root).toEqual(first.Root);
    nodes.push(...next.Nodes);
  }
  return { ...first, Nodes: nodes };
}

/** Expands every agent from the caller's root down, as a user opening each node would. */
async function expandAll(caller: Caller): Promise<{ root: TreeNode; nodes: TreeNode[] }> {
  const first = await children(caller);
  const nodes: TreeNode[] = [];
  const queue = [...first.Nodes];
  while (queue.length > 0) {
    const node = queue.shift()!;
    nodes.push(node);
    if (node.Kind === 'agent') queue.push(...(await children(caller, node.Id)).Nodes);
  }
  return { root: first.Root, nodes };
}

interface Expected {
  agents: number;
  players: number;
  figures: { Currency: string; Players: number; ThisWeek: number; Balance: number }[];
}

/** What an agent's node must say, computed straight from the players below it. */
async function expectedFor(agentId: number, weekStart: string): Promise<Expected> {
  const db = ctx.database.db;
  const [counts] = await queryRows<{ agents: number }>(
    db,
    sql`select count(*)::int as agents from agent_closure where ancestor_id = ${agentId} and depth > 0`,
  );
  const figures = await queryRows<Expected['figures'][number]>(
    db,
    sql`select p.currency as "Currency", count(*)::int as "Players",
          coalesce(sum((select w.sports + w.casino + w.horses + w.rbl from player_weekly w
                        where w.player_id = p.id and w.week_start = ${weekStart}::date)), 0)::bigint as "ThisWeek",
          sum(p.balance)::bigint as "Balance"
        from players p
        where p.agent_id in (select descendant_id from agent_closure where ancestor_id = ${agentId})
        group by p.currency order by p.currency`,
  );
  return {
    agents: counts!.agents,
    players: figures.reduce((n, f) => n + f.Players, 0),
    figures,
  };
}

describe('AgentSiteFrames/GetAgentPlayerTree', () => {
  it('holds exactly the agents and players under AG1, none of AG2', async () => {
    const ag1 = await logIn(ctx.app, 'AG1', 'demo-agent');
    const ag1Id = await idOf(ctx.database, 'agents', 'AG1');
    const { root, nodes } = await expandAll(ag1);
    expect(root).toMatchObject({ Kind: 'agent', Id: ag1Id, Login: 'AG1', Path: [] });

    const agents = await queryRows<{ id: number }>(
      ctx.database.db,
      sql`select descendant_id as id from agent_closure where ancestor_id = ${ag1Id} and depth > 0`,
    );
    const players = await queryRows<{ id: number }>(
      ctx.database.db,
      sql`select p.id from players p join agent_closure c on c.descendant_id = p.agent_id
          where c.ancestor_id = ${ag1Id}`,
    );
    const ids = (kind: TreeNode['Kind']) =>
      nodes
        .filter((n) => n.Kind === kind)
        .map((n) => n.Id)
        .sort((a, b) => a - b);
    expect(ids('agent')).toEqual(agents.map((r) => r.id).sort((a, b) => a - b));
    expect(ids('player')).toEqual(players.map((r) => r.id).sort((a, b) => a - b));
    expect(players.length).toBeGreaterThan(0);
    expect(nodes.map((n) => n.Login)).not.toContain('AG2');
    expect(nodes.map((n) => n.Login)).not.toContain('AG2SUB');
  });

  it('counts and sums every node from the players below it, per currency', async () => {
    const master = await logIn(ctx.app, 'MASTER', 'demo-master');
    const first = await tree(master);
    const { root, nodes } = await expandAll(master);
    const week = first.StartDate;
    expect(first.EndDate > week).toBe(true);

    for (const node of [root, ...nodes.filter((n) => n.Kind === 'agent')]) {
      const expected = await expectedFor(node.Id, week);
      expect(
        { Agents: node.Agents, Players: node.Players, Figures: node.Figures },
        node.Login,
      ).toEqual({
        Agents: expected.agents,
        Players: expected.players,
        Figures: expected.figures,
      });
    }
    // The demo book has players in several currencies: the root shows one figure per currency.
    expect(root.Figures.length).toBeGreaterThan(1);
    expect(root.Figures.some((f) => f.ThisWeek !== 0)).toBe(true);

    const player = nodes.find((n) => n.Kind === 'player')!;
    const [row] = await queryRows<{ balance: number; currency: string }>(
      ctx.database.db,
      sql`select balance, currency from players where id = ${player.Id}`,
    );
    expect(player.Figures).toHaveLength(1);
    expect(player.Figures[0]).toMatchObject({ Currency: row!.currency, Balance: row!.balance });
    expect({ Agents: player.Agents, Players: player.Players }).toEqual({ Agents: 0, Players: 0 });
  });

  it('lists agents before players, each by login, with the path from the caller', async () => {
    const master = await logIn(ctx.app, 'MASTER', 'demo-master');
    const masterId = await idOf(ctx.database, 'agents', 'MASTER');
    const ag1Id = await idOf(ctx.database, 'agents', 'AG1');
    const level = await tree(master, { idAgent: ag1Id });
    expect(level.Root).toMatchObject({ Id: ag1Id, Path: [masterId] });
    const kinds = level.Nodes.map((n) => n.Kind);
    expect(kinds).toEqual([...kinds].sort());
    for (const kind of ['agent', 'player'] as const) {
      const logins = level.Nodes.filter((n) => n.Kind === kind).map((n) => n.Login);
      expect(logins).toEqual([...logins].sort());
    }
    for (const node of level.Nodes) {
      expect(node.Path).toEqual([masterId, ag1Id]);
      expect(node.IdParent).toBe(ag1Id);
    }
  });

  it('pages an agent\u2019s own players, sub-agents on the first page only', async () => {
    const master = await logIn(ctx.app, 'MASTER', 'demo-master');
    const ag1Id = await idOf(ctx.database, 'agents', 'AG1');
    const whole = await tree(master, { idAgent: ag1Id, pageSize: 1000 });
    const players = whole.Nodes.filter((n) => n.Kind === 'player');
    const [own] = await queryRows<{ count: number }>(
      ctx.database.db,
      sql`select count(*)::int as count from players where agent_id = ${ag1Id}`,
    );
    expect(whole.PlayersTotal).toBe(own!.count);
    expect(players).toHaveLength(own!.count);
    expect(own!.count).toBeGreaterThan(10);

    const first = await tree(master, { idAgent: ag1Id, pageSize: 7 });
    const second = await tree(master, { idAgent: ag1Id, pageSize: 7, page: 2 });
    expect(first).toMatchObject({ Page: 1, PageSize: 7, PlayersTotal: own!.count });
    expect(first.Nodes.filter((n) => n.Kind === 'agent').length).toBeGreaterThan(0);
    expect(second.Nodes.every((n) => n.Kind === 'player')).toBe(true);
    expect(
      [...first.Nodes, ...second.Nodes].filter((n) => n.Kind === 'player').map((n) => n.Id),
    ).toEqual(players.slice(0, 14).map((n) => n.Id));
    const beyond = await tree(master, { idAgent: ag1Id, pageSize: 7, page: 1000 });
    expect(beyond.Nodes).toEqual([]);
    expect(beyond.Root).toEqual(whole.Root);
  });

  it('finds PL1001 anywhere in the subtree, with the path to expand', async () => {
    const ag1 = await logIn(ctx.app, 'AG1', 'demo-agent');
    const master = await logIn(ctx.app, 'MASTER', 'demo-master');
    const [pl] = await queryRows<{ id: number; agent_id: number; name: string }>(
      ctx.database.db,
      sql`select id, agent_id, name from players where login = 'PL1001' and site_id = 1`,
    );
    const [ag1Id, masterId] = [
      await idOf(ctx.database, 'agents', 'AG1'),
      await idOf(ctx.database, 'agents', 'MASTER'),
    ];
    const fromAg1 = await tree(ag1, { search: 'pl1001' });
    const hit = fromAg1.Nodes.find((n) => n.Kind === 'player' && n.Login === 'PL1001');
    expect(hit).toBeDefined();
    expect(fromAg1.Search).toBe('pl1001');
    expect(hit!.Path[0]).toBe(ag1Id);
    expect(hit!.Path.at(-1)).toBe(pl!.agent_id);
    // Expanding the path, level by level, reaches the player.
    let parent = hit!.Path[0]!;
    for (const next of [...hit!.Path.slice(1), pl!.id]) {
      const level = await tree(ag1, { idAgent: parent });
      expect(level.Nodes.map((n) => n.Id)).toContain(next);
      parent = next;
    }

    const fromMaster = await tree(master, { search: '1001' });
    const again = fromMaster.Nodes.find((n) => n.Id === pl!.id)!;
    expect(again.Path).toEqual([masterId, ...hit!.Path]);

    const word = pl!.name.split(' ').at(-1)!.slice(1, 4);
    const byName = await tree(master, { search: word.toUpperCase() });
    expect(byName.Nodes.map((n) => n.Id)).toContain(pl!.id);
    for (const n of byName.Nodes) {
      expect(`${n.Login} ${n.Name}`.toLowerCase()).toContain(word.toLowerCase());
    }
  });

  it('searches only inside the subtree and treats pattern characters literally', async () => {
    const sub = await logIn(ctx.app, 'AG1SUB', 'demo-sub');
    const outside = await queryRows<{ login: string }>(
      ctx.database.db,
      sql`select p.login from players p join agents a on a.id = p.agent_id
          where a.login = 'AG2' and p.site_id = 1 limit 1`,
    );
    expect((await tree(sub, { search: outside[0]!.login })).Nodes).toEqual([]);
    expect((await tree(sub, { search: 'AG2' })).Nodes).toEqual([]);
    expect((await tree(sub, { search: '%' })).Nodes).toEqual([]);
    const all = await tree(sub, { search: 'PL' });
    expect(all.Nodes.length).toBeGreaterThan(0);
  });

  it('acting as AG1SUB from MASTER gives AG1SUB\u2019s own tree', async () => {
    const master = await logIn(ctx.app, 'MASTER', 'demo-master');
    const sub = await logIn(ctx.app, 'AG1SUB', 'demo-sub');
    const subId = await idOf(ctx.database, 'agents', 'AG1SUB');
    const acting = await tree(actingAs(master, subId));
    expect(acting.Root).toMatchObject({ Id: subId, Path: [] });
    expect(acting).toEqual(await tree(sub));
  });

  it('refuses what lies outside the caller\u2019s tree or site, and bad input', async () => {
    const sub = await logIn(ctx.app, 'AG1SUB', 'demo-sub');
    const ag1 = await logIn(ctx.app, 'AG1', 'demo-agent');
    const ag2Id = await idOf(ctx.database, 'agents', 'AG2');
    const masterId = await idOf(ctx.database, 'agents', 'MASTER');
    const get = (caller: Caller | null, query: Record<string, unknown> = {}) =>
      call(ctx.app, api.getAgentPlayerTree, caller, { query });

    expect((await get(sub, { idAgent: ag2Id })).statusCode).toBe(404);
    expect((await get(sub, { idAgent: masterId })).statusCode).toBe(404);
    expect((await get(actingAs(ag1, ag2Id))).statusCode).toBe(403);

    const master2 = await logIn(ctx.app, 'MASTER2', 'demo-master', 2);
    expect((await get(master2, { idAgent: masterId })).statusCode).toBe(404);
    const { root, nodes } = await expandAll(master2);
    const ids = [root, ...nodes].filter((n) => n.Kind === 'agent').map((n) => n.Id);
    const site1 = await queryRows(
      ctx.database.db,
      sql`select id from agents where site_id = 1 and id = any(${`{${ids.join(',')}}`}::int[])`,
    );
    expect(site1).toEqual([]);
    expect((await tree(master2, { search: 'PL1001' })).Nodes).toEqual([]);

    expect((await get(await anonymous(ctx.app))).statusCode).toBe(401);
    expect((await get(null)).statusCode).toBe(401);
    expect((await get(sub, { idAgent: -4 })).statusCode).toBe(400);
    expect((await get(sub, { idAgent: 'abc' })).statusCode).toBe(400);
    expect((await get(sub, { search: 'x'.repeat(65) })).statusCode).toBe(400);
    expect((await get(sub, { pageSize: 0 })).statusCode).toBe(400);
    expect((await get(sub, { pageSize: 1001 })).statusCode).toBe(400);
    expect((await get(sub, { page: 0 })).statusCode).toBe(400);
    const player = await logIn(ctx.app, 'PL1001', 'demo-player');
    expect((await get(player)).statusCode).toBe(403);
  });
});
