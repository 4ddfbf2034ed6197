// The tree's state: loaded branches by agent, which agents are open, and the search results.
import type { AgentPlayerTreeResponse, TreeNode } from '@backline/contract/reports/agent-tree';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import { useAgentStore } from '@/stores/agent-store';
import { flattenTree, mergeNodes, type Branch } from './flatten-tree';
import { fetchTreeLevel, TREE_PAGE_SIZE, treeQueryOptions } from './get-agent-tree';

function branchOf(level: AgentPlayerTreeResponse): Branch {
  return { nodes: level.Nodes, page: level.Page, playersTotal: level.PlayersTotal };
}

export function useAgentTree() {
  const queryClient = useQueryClient();
  const actAs = useAgentStore((s) => s.actAs);
  const root = useQuery(treeQueryOptions({ actAs }));
  const [branches, setBranches] = useState(new Map<number, Branch>());
  const [expanded, setExpanded] = useState(new Set<number>());
  const [loading, setLoading] = useState(new Set<number>());
  const [error, setError] = useState<unknown>(null);

  const rootId = root.data?.Root.Id ?? null;
  const allBranches = useMemo(() => {
    if (!root.data) return branches;
    const merged = new Map(branches);
    const own = merged.get(root.data.Root.Id);
    const first = branchOf(root.data);
    merged.set(
      root.data.Root.Id,
      own ? { ...own, nodes: mergeNodes(first.nodes, own.nodes) } : first,
    );
    return merged;
  }, [root.data, branches]);

  const rows = useMemo(
    () => (rootId === null ? [] : flattenTree(rootId, allBranches, expanded)),
    [rootId, allBranches, expanded],
  );

  const load = useCallback(
    async (idAgent: number, page: number) => {
      setLoading((s) => new Set(s).add(idAgent));
      try {
        const level = await fetchTreeLevel(queryClient, { actAs, idAgent, page });
        setBranches((current) => {
          const next = new Map(current);
          const had = next.get(idAgent);
          next.set(idAgent, {
            nodes: mergeNodes(had?.nodes ?? [], level.Nodes),
            page: Math.max(had?.page ?? 0, level.Page),
            playersTotal: level.PlayersTotal,
          });
          return next;
        });
      } catch (e) {
        setError(e);
      } finally {
        setLoading((s) => {
          const next = new Set(s);
          next.delete(idAgent);
          return next;
        });
      }
    },
    [queryClient, actAs],
  );

  const expand = useCallback(
    (idAgent: number) => {
      setExpanded((s) => new Set(s).add(idAgent));
      if (!allBranches.has(idAgent)) void load(idAgent, 1);
    },
    [allBranches, load],
  );

  const collapse = useCallback((idAgent: number) => {
    setExpanded((s) => {
      const next = new Set(s);
      next.delete(idAgent);
      return next;
    });
  }, []);

  const loadMore = useCallback(
    (idAgent: number) => load(idAgent, (allBranches.get(idAgent)?.page ?? 0) + 1),
    [allBranches, load],
  );

  /** Every branch loaded read again (after the tree changed), keeping which agents are open. */
  const refresh = useCallback(async () => {
    const ids = [...branches.keys()];
    try {
      const levels = await Promise.all(
        ids.map((idAgent) => fetchTreeLevel(queryClient, { actAs, idAgent, page: 1 })),
      );
      setBranches(new Map(ids.map((id, i) => [id, branchOf(levels[i]!)])));
    } catch (e) {
      setError(e);
    }
  }, [branches, queryClient, actAs]);

  /** Opens every agent on a found node's path and makes sure the node itself is listed. */
  const reveal = useCallback(
    async (node: TreeNode) => {
      const path = node.Path.filter((id) => id !== rootId);
      for (const id of path) if (!allBranches.has(id)) await load(id, 1);
      setExpanded((s) => new Set([...s, ...path]));
      const parent = node.IdParent ?? rootId;
      if (parent === null) return;
      setBranches((current) => {
        const next = new Map(current);
        const had = next.get(parent) ?? allBranches.get(parent);
        if (had) next.set(parent, { ...had, nodes: mergeNodes(had.nodes, [node]) });
        return next;
      });
    },
    [allBranches, load, rootId],
  );

  return {
    root,
    rows,
    expanded,
    loading,
    error,
    clearError: () => setError(null),
    expand,
    collapse,
    loadMore,
    refresh,
    reveal,
    actAs,
    pageSize: TREE_PAGE_SIZE,
  };
}
