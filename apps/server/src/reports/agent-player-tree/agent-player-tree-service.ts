// The agent and player tree, one level at a time: the client expands agents lazily, so a book of
// 100,000 players never travels at once. An agent's figures are the sums of every player below it.
import {
  addMoney,
  AGENT_PLAYER_TREE_SEARCH_LIMIT,
  computePeriod,
  Period,
  type AgentPlayerTreeResponse,
  type TreeFigure,
  type TreeNode,
} from '@backline/contract';
import type { Db } from '../../db/client.ts';
import type { Auth } from '../../auth/auth-context.ts';
import { agentInScope } from '../../agents/scope.ts';
import * as repo from './agent-player-tree-repository.ts';

function byCurrency(a: TreeFigure, b: TreeFigure): number {
  return a.Currency.localeCompare(b.Currency);
}

function mergeFigures(lists: readonly (readonly TreeFigure[])[]): TreeFigure[] {
  const merged = new Map<string, TreeFigure>();
  for (const f of lists.flat()) {
    const m = merged.get(f.Currency);
    merged.set(
      f.Currency,
      m
        ? {
            Currency: f.Currency,
            Players: m.Players + f.Players,
            ThisWeek: addMoney(m.ThisWeek, f.ThisWeek),
            Balance: addMoney(m.Balance, f.Balance),
          }
        : { ...f },
    );
  }
  return [...merged.values()].sort(byCurrency);
}

function playerNode(p: repo.TreePlayerRow, path: number[]): TreeNode {
  return {
    Kind: 'player',
    Id: p.id,
    IdParent: p.agent_id,
    Login: p.login,
    Name: p.name,
    Active: p.active,
    Agents: 0,
    Players: 0,
    Figures: [{ Currency: p.currency, Players: 1, ThisWeek: p.this_week, Balance: p.balance }],
    Path: path,
  };
}

export function createAgentPlayerTreeService(deps: { db: Db; now?: () => Date }) {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());

  /** Agent nodes with their subtree's counts and figures: two aggregates over the closure. */
  async function agentNodes(
    auth: Auth,
    agents: readonly repo.TreeAgentRow[],
    weekStart: string,
    pathOf: (a: repo.TreeAgentRow) => number[],
  ): Promise<TreeNode[]> {
    const ids = agents.map((a) => a.id);
    const [counts, figures] = await Promise.all([
      repo.selectAgentCounts(db, ids),
      repo.selectAgentFigures(db, { siteId: auth.siteId, ids, weekStart }),
    ]);
    const figuresOf = Map.groupBy(figures, (f) => f.id);
    return agents.map((a) => {
      const own = (figuresOf.get(a.id) ?? [])
        .map((f) => ({
          Currency: f.currency,
          Players: f.players,
          ThisWeek: f.this_week,
          Balance: f.balance,
        }))
        .sort(byCurrency);
      return {
        Kind: 'agent',
        Id: a.id,
        IdParent: a.parent_id,
        Login: a.login,
        Name: a.name,
        Active: a.active,
        Agents: counts.get(a.id) ?? 0,
        Players: own.reduce((n, f) => n + f.Players, 0),
        Figures: own,
        Path: pathOf(a),
      };
    });
  }

  async function tree(
    auth: Auth,
    q: { idAgent?: number | undefined; search?: string | undefined },
  ): Promise<AgentPlayerTreeResponse> {
    const root = await agentInScope(db, auth, q.idAgent);
    const week = computePeriod(Period.ThisWeek, now(), auth.timeZone);
    const weekStart = week.StartDate;
    const term = q.search?.trim() || null;
    const top = auth.agentId!;

    const [rootRow] = await repo.selectAgentsByIds(db, auth.siteId, [root.id]);
    const paths = await repo.selectPaths(db, top, [root.id]);
    const rootPath = (paths.get(root.id) ?? []).slice(0, -1);

    if (term === null) {
      const [kids, players] = await Promise.all([
        repo.selectChildAgents(db, auth.siteId, root.id),
        repo.selectChildPlayers(db, { siteId: auth.siteId, agentId: root.id, weekStart }),
      ]);
      const childPath = [...rootPath, root.id];
      const agentChildren = await agentNodes(auth, kids, weekStart, () => childPath);
      const playerChildren = players.map((p) => playerNode(p, childPath));
      // The root's totals are its children's: the invariant "agent = own players + sub-agents".
      const rootNode: TreeNode = {
        Kind: 'agent',
        Id: rootRow!.id,
        IdParent: rootRow!.parent_id,
        Login: rootRow!.login,
        Name: rootRow!.name,
        Active: rootRow!.active,
        Agents: agentChildren.reduce((n, a) => n + 1 + a.Agents, 0),
        Players: agentChildren.reduce((n, a) => n + a.Players, playerChildren.length),
        Figures: mergeFigures([...agentChildren, ...playerChildren].map((c) => c.Figures)),
        Path: rootPath,
      };
      return {
        Root: rootNode,
        Nodes: [...agentChildren, ...playerChildren],
        Search: null,
        Truncated: false,
        StartDate: week.StartDate,
        EndDate: week.EndDate,
      };
    }

    const limit = AGENT_PLAYER_TREE_SEARCH_LIMIT;
    const search = { siteId: auth.siteId, rootId: root.id, term, limit: limit + 1 };
    const [agents, players] = await Promise.all([
      repo.searchAgents(db, search),
      repo.searchPlayers(db, { ...search, weekStart }),
    ]);
    const ranked = [
      ...agents.map((a) => ({ rank: a.rank, login: a.login, agent: a, player: null })),
      ...players.map((p) => ({ rank: p.rank, login: p.login, agent: null, player: p })),
    ].sort((a, b) => a.rank - b.rank || a.login.localeCompare(b.login));
    const shown = ranked.slice(0, limit);
    const parents = [
      ...new Set(shown.map((m) => (m.agent ? m.agent.parent_id! : m.player!.agent_id))),
    ];
    const parentPaths = await repo.selectPaths(db, top, parents);
    const pathTo = (parentId: number) => parentPaths.get(parentId) ?? [];
    const [rootNode, ...matchedAgents] = await agentNodes(
      auth,
      [rootRow!, ...shown.flatMap((m) => (m.agent ? [m.agent] : []))],
      weekStart,
      (a) => (a.id === root.id ? rootPath : pathTo(a.parent_id!)),
    );
    const agentById = new Map(matchedAgents.map((a) => [a.Id, a]));
    return {
      Root: rootNode!,
      Nodes: shown.map((m) =>
        m.agent ? agentById.get(m.agent.id)! : playerNode(m.player!, pathTo(m.player!.agent_id)),
      ),
      Search: term,
      Truncated: ranked.length > limit,
      StartDate: week.StartDate,
      EndDate: week.EndDate,
    };
  }

  return { tree };
}

export type AgentPlayerTreeService = ReturnType<typeof createAgentPlayerTreeService>;
