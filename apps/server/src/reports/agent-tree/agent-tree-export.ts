// The agent and player tree, whole: an agent, its own players, then each sub-agent in turn, read a
// level and a page at a time through the tree's own endpoint logic. Agents carry their subtree's
// figures, as on screen; the totals add the players only, so they equal the top agent's figures.
import type { TreeFigure, TreeNode } from '@backline/contract';
import type { AgentAuth } from '../../auth/auth-context.ts';
import { agentTitle } from '../../export/export-context.ts';
import { prepare, type TableSource } from '../../export/export-source.ts';
import { count, money, text, yesNo } from '../../export/export-columns.ts';
import type { AgentTreeService } from './agent-tree-service.ts';

/** One line per node and currency: an agent holding players of two currencies has two. */
export interface TreeLine {
  node: TreeNode;
  figure: TreeFigure | null;
  parent: string;
  level: number;
}

const PAGE = 1000;

type Level = Awaited<ReturnType<AgentTreeService['tree']>>;

async function* walk(
  service: AgentTreeService,
  auth: AgentAuth,
  level: Level,
): AsyncGenerator<TreeNode[]> {
  const agents = level.Nodes.filter((n) => n.Kind === 'agent');
  yield [level.Root, ...level.Nodes.filter((n) => n.Kind === 'player')];
  for (let page = 2; (page - 1) * PAGE < level.PlayersTotal; page++) {
    const next = await service.tree(auth, { idAgent: level.Root.Id, page, pageSize: PAGE });
    yield next.Nodes.filter((n) => n.Kind === 'player');
  }
  for (const agent of agents) {
    yield* walk(
      service,
      auth,
      await service.tree(auth, { idAgent: agent.Id, page: 1, pageSize: PAGE }),
    );
  }
}

async function* lines(first: Level, nodes: AsyncIterable<TreeNode[]>): AsyncGenerator<TreeLine[]> {
  const logins = new Map<number, string>();
  const depth = first.Root.Path.length;
  for await (const chunk of nodes) {
    const out: TreeLine[] = [];
    for (const node of chunk) {
      if (node.Kind === 'agent') logins.set(node.Id, node.Login);
      const base = {
        node,
        parent: node.IdParent === null ? '' : (logins.get(node.IdParent) ?? ''),
        level: node.Path.length - depth,
      };
      if (node.Figures.length === 0) out.push({ ...base, figure: null });
      for (const figure of node.Figures) out.push({ ...base, figure });
    }
    yield out;
  }
}

export const agentTreeTable: TableSource<AgentTreeService, 'agentTree'> = async (
  service,
  ctx,
  filters,
) => {
  const first = await service.tree(ctx.auth, { ...filters, page: 1, pageSize: PAGE });
  const nodes: AsyncIterable<TreeNode[]> =
    first.Search === null
      ? walk(service, ctx.auth, first)
      : (async function* () {
          yield [first.Root, ...first.Nodes];
        })();
  const l = ctx.labels.columns;
  return prepare<TreeLine>({
    ...(await agentTitle(ctx, 'agentTree', 'agent-tree', filters, first)),
    columns: [
      text(l.kind, (r) => ctx.labels.kinds[r.node.Kind]),
      text(l.login, (r) => r.node.Login),
      text(l.name, (r) => r.node.Name),
      text(l.parent, (r) => r.parent),
      count(l.level, (r) => r.level, false),
      text(l.active, (r) => yesNo(ctx.labels, r.node.Active)),
      count(l.agents, (r) => (r.node.Kind === 'agent' ? r.node.Agents : null), false),
      count(l.players, (r) => (r.figure ? r.figure.Players : null)),
      text(l.currency, (r) => r.figure?.Currency ?? null),
      money(l.thisWeek, (r) => r.figure?.ThisWeek ?? null),
      money(l.balance, (r) => r.figure?.Balance ?? null),
    ],
    currencyOf: (r) => r.figure?.Currency ?? null,
    inTotals: (r) => r.node.Kind === 'player',
    chunks: lines(first, nodes),
  });
};
