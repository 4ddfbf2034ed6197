import { useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorMessage } from '@/lib/errors';
import { useAgentStore } from '@/stores/agent-store';
import { toast } from '@/stores/toast-store';
import { useOwnSubAgents } from '../api/get-own-sub-agents';
import { switchView } from '../api/switch-view';
import './view-as.css';

function useSwitchView() {
  const queryClient = useQueryClient();
  const errorMessage = useErrorMessage();
  return (actAs: number) => {
    // A 403 carries the server's reason (outside the subtree); show it as it is.
    switchView(actAs, queryClient).catch((error: unknown) => toast.error(errorMessage(error)));
  };
}

/** The 'View as' select: the signed-in agent itself, then every agent of its subtree. */
export function ViewAsSelect() {
  const { t } = useTranslation();
  const id = useId();
  const self = useAgentStore((s) => s.self);
  const actAs = useAgentStore((s) => s.actAs);
  const subAgents = useOwnSubAgents(self?.IdAgent ?? 0);
  const change = useSwitchView();
  if (!self) return null;
  const others = (subAgents.data ?? []).filter((a) => a.IdAgent !== self.IdAgent);
  if (others.length === 0 && actAs === 0) return null;
  return (
    <div className="view-as">
      <label htmlFor={id}>{t('viewAs.viewAs')}</label>
      <select id={id} value={actAs} onChange={(e) => change(Number(e.target.value))}>
        <option value={0}>{t('viewAs.self', { login: self.Login })}</option>
        {others.map((a) => (
          <option key={a.IdAgent} value={a.IdAgent}>
            {'\u00a0'.repeat(Math.max(0, a.Depth - self.Depth - 1) * 2)}
            {a.Login}
            {a.Name && a.Name !== a.Login ? ` — ${a.Name}` : ''}
          </option>
        ))}
      </select>
    </div>
  );
}

/** Always in sight while acting for a sub-agent: whose view this is, and the way back. */
export function ViewAsBanner() {
  const { t } = useTranslation();
  const actAs = useAgentStore((s) => s.actAs);
  const agent = useAgentStore((s) => s.agent);
  const self = useAgentStore((s) => s.self);
  const change = useSwitchView();
  if (actAs === 0 || !agent || !self) return null;
  const who =
    agent.Name && agent.Name !== agent.Login ? `${agent.Login} — ${agent.Name}` : agent.Login;
  return (
    <div className="view-as-banner" role="status">
      <span>{t('viewAs.viewingAs', { who })}</span>
      <button type="button" className="button button--header" onClick={() => change(0)}>
        {t('viewAs.backTo', { login: self.Login })}
      </button>
    </div>
  );
}
