import { useQuery } from '@tanstack/react-query';
import { useAgentStore } from '@/stores/agent-store';
import { treeQueryOptions } from './get-agent-tree';

/** The best matches of a login or name anywhere in the view agent's subtree. */
export function useTreeSearch(search: string) {
  const actAs = useAgentStore((s) => s.actAs);
  return useQuery({ ...treeQueryOptions({ actAs, search }), enabled: search.length > 0 });
}
