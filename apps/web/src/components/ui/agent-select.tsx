import type { AgentSummary } from '@backline/contract/calls/auth';
import { useTranslation } from 'react-i18next';
import { useAgentStore } from '@/stores/agent-store';
import { ChoiceField } from './choice-field';

interface AgentSelectProps {
  /** The caller's subtree (parents before children, Depth relative to the caller), or a part of it. */
  agents?: readonly AgentSummary[];
  value: number;
  onChange: (idAgent: number) => void;
}

// Native <option>s cannot hold markup, so depth is shown with non-breaking spaces and a branch mark.
function indent(depth: number): string {
  return depth > 0 ? `${'\u00a0\u00a0\u00a0'.repeat(depth - 1)}\u00a0└\u00a0` : '';
}

export function AgentSelect({ agents: only, value, onChange }: AgentSelectProps) {
  const { t } = useTranslation();
  const subtree = useAgentStore((s) => s.subAgents);
  const agents = only ?? subtree;
  const choices = agents.map((a) => ({
    value: a.IdAgent,
    label: `${indent(a.Depth)}${a.Login}${a.Name && a.Name !== a.Login ? ` · ${a.Name}` : ''}`,
    // The caller's own view is the default: a folded filter panel does not name it.
    summary: a.Depth === 0 ? ('skip' as const) : undefined,
  }));
  return (
    <ChoiceField label={t('agents.label')} choices={choices} value={value} onChange={onChange} />
  );
}
