import type { CreatedAgent } from '@backline/contract/calls/agent-create';
import type { SignUpParent } from '@backline/contract/calls/sign-up';
import type { TreeNode } from '@backline/contract/reports/agent-tree';
import { useTranslation } from 'react-i18next';
import { QueryState } from '@/components/ui/query-state';
import { useNewAgentParents } from '../api/create-agent';
import { NewAgentForm } from './new-agent-form';

/** The agent ids from the caller's view down to `id`, as a tree node's Path names them. */
function pathTo(parents: SignUpParent[], id: number): number[] {
  const byId = new Map(parents.map((p) => [p.IdAgent, p]));
  const path: number[] = [];
  for (let at = byId.get(id); at; at = at.IdParent === null ? undefined : byId.get(at.IdParent))
    path.unshift(at.IdAgent);
  return path;
}

/** The new agent as the tree lists it: no players or figures yet. */
function nodeOf(agent: CreatedAgent, parents: SignUpParent[]): TreeNode {
  return {
    Kind: 'agent',
    Id: agent.IdAgent,
    IdParent: agent.IdParent,
    Login: agent.Login,
    Name: agent.Name,
    Active: true,
    Agents: 0,
    Players: 0,
    Figures: [],
    Path: agent.IdParent === null ? [] : pathTo(parents, agent.IdParent),
  };
}

/** The new agent's form once the parents it may go under are read. */
export function NewAgent(props: { onCreated: (node: TreeNode) => void; onCancel: () => void }) {
  const { t } = useTranslation();
  const parents = useNewAgentParents();
  return (
    <QueryState query={parents} pending="line" loading={t('agentTree.new.loading')}>
      {(data) => (
        <NewAgentForm
          parents={data.Parents}
          onCreated={(agent) => props.onCreated(nodeOf(agent, data.Parents))}
          onCancel={props.onCancel}
        />
      )}
    </QueryState>
  );
}
