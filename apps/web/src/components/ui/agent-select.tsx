import type { AgentSummary } from '@backline/contract/calls/auth';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

interface AgentSelectProps {
  /** The caller's subtree, parents before children, with Depth relative to the caller. */
  agents: readonly AgentSummary[];
  value: number;
  onChange: (idAgent: number) => void;
}

// Native <option>s cannot hold markup, so depth is shown with non-breaking spaces and a branch mark.
function indent(depth: number): string {
  return depth > 0 ? `${'\u00a0\u00a0\u00a0'.repeat(depth - 1)}\u00a0└\u00a0` : '';
}

export function AgentSelect({ agents, value, onChange }: AgentSelectProps) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{t('agents.label')}</label>
      <select id={id} value={value} onChange={(e) => onChange(Number(e.target.value))}>
        {agents.map((a) => (
          // The caller's own view is the default: a folded filter panel does not name it.
          <option
            key={a.IdAgent}
            value={a.IdAgent}
            data-summary={a.Depth === 0 ? 'skip' : undefined}
          >
            {`${indent(a.Depth)}${a.Login}${a.Name && a.Name !== a.Login ? ` · ${a.Name}` : ''}`}
          </option>
        ))}
      </select>
    </div>
  );
}
