// A report is about one agent of the caller's subtree, named by ?idAgent=. One outside it (another
// agent's link, a stale bookmark, a view switched since) is never asked for: the screen shows the caller.
import { useMemo } from 'react';
import { useAgentStore } from '@/stores/agent-store';

export function scopeAgent(
  wanted: number | null | undefined,
  selfId: number,
  subtree: readonly { IdAgent: number }[],
): number {
  return wanted != null && subtree.some((a) => a.IdAgent === wanted) ? wanted : selfId;
}

/** The agent the screen reports on: `wanted` when it is in the caller's subtree, else the caller. */
export function useScopedAgent(wanted: number | null | undefined): number {
  const selfId = useAgentStore((s) => s.agent?.IdAgent ?? 0);
  const subAgents = useAgentStore((s) => s.subAgents);
  return useMemo(() => scopeAgent(wanted, selfId, subAgents), [wanted, selfId, subAgents]);
}
