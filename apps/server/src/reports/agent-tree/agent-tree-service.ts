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
  type api,
  type ParsedQueryOf,
} from '@backline/contract';
import type { AgentAuth } from '../../auth/auth-context.ts';
import { agentInScope } from '../../agents/scope.ts';
import * as repo from './agent-tree-repository.ts';
import type { ReportDeps } from '../report-module.ts';

function byCurrency(a: TreeFigure, b: TreeFigure): number {
  return a.Currency.localeCompare(b.Currency);
}

function toFigure(f: Omit<repo.AgentFigureRow, 'id'>): TreeFigure {
  return { Currency: f.currency, Players: f.players, ThisWeek: f.this_week, Balance: f.balance };
}

function playersIn(figures: readonly TreeFigure[]): number {
  return figures.reduce((n, f) => n + f.Players, 0);
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

export function createAgentTreeService({ db, now }: Pick<ReportDeps, 'db' | 'now'>) {
  /** Agent nodes with their subtree's counts and figures: two aggregates over the closure. */
  async function agentNodes(
    auth: AgentAuth,
    agents: readonly repo.TreeAgentRow[],
    weekStart: string,
    pathOf: (a: repo.TreeAgentRow) => number[],
  ): Promise<TreeNode[]> {
    if (agents.length === 0) return [];
    const ids = agents.map((a) => a.id);
    const [agentCounts, figures] = await Promise.all([
      repo.selectAgentCounts(db, ids),
      repo.selectAgentFigures(db, { siteId: auth.siteId, ids, weekStart }),
    ]);
    const figuresOf = Map.groupBy(figures, (f) => f.id);
    return agents.map((a) => {
      const own = (figuresOf.get(a.id) ?? []).map(toFigure).sort(byCurrency);
      const counts = { Agents: agentCounts.get(a.id) ?? 0, Players: playersIn(own) };
      return agentNode(a, counts, own, pathOf(a));
    });
  }

  function agentNode(
    a: repo.TreeAgentRow,
    counts: { Agents: number; Players: number },
    figures: TreeFigure[],
    path: number[],
  ): TreeNode {
    return {
      Kind: 'agent',
      Id: a.id,
      IdParent: a.parent_id,
      Login: a.login,
      Name: a.name,
      Active: a.active,
      ...counts,
      Figures: figures,
      Path: path,
    };
  }

  /** Root's sub-agents and one page of its own players; Root's totals are theirs summed. */
  async function level(
    auth: AgentAuth,
    root: repo.TreeAgentRow,
    rootPath: number[],
    weekStart: string,
    page: { page: number; pageSize: number },
  ) {
    const siteId = auth.siteId;
    const [kids, { figures: own, players }] = await Promise.all([
      repo.selectChildAgents(db, siteId, root.id),
      repo.selectOwnPlayers(db, {
        siteId,
        agentId: root.id,
        weekStart,
        offset: (page.page - 1) * page.pageSize,
        limit: page.pageSize,
      }),
    ]);
    const childPath = [...rootPath, root.id];
    const agentChildren = await agentNodes(auth, kids, weekStart, () => childPath);
    const ownFigures = own.map(toFigure);
    const ownPlayers = playersIn(ownFigures);
    // "An agent's figure = its own players' figures + its sub-agents' figures."
    const rootNode = agentNode(
      root,
      {
        Agents: agentChildren.reduce((n, a) => n + 1 + a.Agents, 0),
        Players: agentChildren.reduce((n, a) => n + a.Players, ownPlayers),
      },
      mergeFigures([ownFigures, ...agentChildren.map((a) => a.Figures)]),
      rootPath,
    );
    return {
      Root: rootNode,
      Nodes: [
        ...(page.page === 1 ? agentChildren : []),
        ...players.map((p) => playerNode(p, childPath)),
      ],
      PlayersTotal: ownPlayers,
    };
  }

  /** The best matches anywhere under Root, each with the path to expand to reach it. */
  async function search(
    auth: AgentAuth,
    root: repo.TreeAgentRow,
    rootPath: number[],
    weekStart: string,
    term: string,
  ) {
    const limit = AGENT_PLAYER_TREE_SEARCH_LIMIT;
    const q = { siteId: auth.siteId, rootId: root.id, term, limit: limit + 1 };
    const [agents, players] = await Promise.all([
      repo.searchAgents(db, q),
      repo.searchPlayers(db, { ...q, weekStart }),
    ]);
    const ranked = [
      ...agents.map((a) => ({ rank: a.rank, login: a.login, agent: a, player: null })),
      ...players.map((p) => ({ rank: p.rank, login: p.login, agent: null, player: p })),
    ].sort((a, b) => a.rank - b.rank || a.login.localeCompare(b.login));
    const shown = ranked.slice(0, limit);
    const parents = [
      ...new Set(shown.map((m) => (m.agent ? m.agent.parent_id! : m.player!.agent_id))),
    ];
    const parentPaths = await repo.selectPaths(db, auth.agentId, parents);
    const pathTo = (parentId: number) => parentPaths.get(parentId) ?? [];
    const [rootNode, ...matchedAgents] = await agentNodes(
      auth,
      [root, ...shown.flatMap((m) => (m.agent ? [m.agent] : []))],
      weekStart,
      (a) => (a.id === root.id ? rootPath : pathTo(a.parent_id!)),
    );
    const agentById = new Map(matchedAgents.map((a) => [a.Id, a]));
    return {
      Root: rootNode!,
      Nodes: shown.map((m) =>
        m.agent ? agentById.get(m.agent.id)! : playerNode(m.player!, pathTo(m.player!.agent_id)),
      ),
      Truncated: ranked.length > limit,
    };
  }

  async function tree(
    auth: AgentAuth,
    q: ParsedQueryOf<typeof api.getAgentPlayerTree>,
  ): Promise<AgentPlayerTreeResponse> {
    const scoped = await agentInScope(db, auth, q.idAgent);
    const week = computePeriod(Period.ThisWeek, now(), auth.timeZone);
    const [[root], paths] = await Promise.all([
      repo.selectAgentsByIds(db, auth.siteId, [scoped.id]),
      repo.selectPaths(db, auth.agentId, [scoped.id]),
    ]);
    const rootPath = (paths.get(scoped.id) ?? []).slice(0, -1);
    const term = q.search?.trim() || null;
    const page = {
      Page: q.page,
      PageSize: q.pageSize,
      StartDate: week.StartDate,
      EndDate: week.EndDate,
    };
    if (term === null) {
      const found = await level(auth, root!, rootPath, week.StartDate, q);
      return { ...found, ...page, Search: null, Truncated: false };
    }
    const found = await search(auth, root!, rootPath, week.StartDate, term);
    return { ...found, ...page, PlayersTotal: 0, Search: term };
  }

  return { tree };
}

export type AgentTreeService = ReturnType<typeof createAgentTreeService>;
