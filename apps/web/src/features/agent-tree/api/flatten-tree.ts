// The expanded tree as the flat list of rows the virtualized view draws, in document order.
import type { TreeNode } from '@backline/contract/reports/agent-tree';

export interface Branch {
  nodes: TreeNode[];
  /** Pages of the agent's own players fetched so far, and how many players it holds in all. */
  page: number;
  playersTotal: number;
}

export type TreeRow =
  | { kind: 'node'; node: TreeNode; level: number }
  | { kind: 'more'; parent: number; level: number; shown: number; total: number };

export function flattenTree(
  rootId: number,
  branches: ReadonlyMap<number, Branch>,
  expanded: ReadonlySet<number>,
): TreeRow[] {
  const rows: TreeRow[] = [];
  const walk = (agentId: number, level: number) => {
    const branch = branches.get(agentId);
    if (!branch) return;
    for (const node of branch.nodes) {
      rows.push({ kind: 'node', node, level });
      if (node.Kind === 'agent' && expanded.has(node.Id)) walk(node.Id, level + 1);
    }
    const shown = branch.nodes.filter((n) => n.Kind === 'player').length;
    if (shown < branch.playersTotal) {
      rows.push({ kind: 'more', parent: agentId, level, shown, total: branch.playersTotal });
    }
  };
  walk(rootId, 1);
  return rows;
}

/** Adds nodes to a branch, keeping each node once (a search may have placed it there already). */
export function mergeNodes(
  existing: readonly TreeNode[],
  incoming: readonly TreeNode[],
): TreeNode[] {
  const seen = new Set(existing.map((n) => `${n.Kind}:${n.Id}`));
  return [...existing, ...incoming.filter((n) => !seen.has(`${n.Kind}:${n.Id}`))];
}
