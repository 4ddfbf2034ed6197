// Where a parent manages a sub-agent: the sub-agent's live sessions, ending them all at once, and
// its log-in history.
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryState } from '@/components/ui/query-state';
import { ErrorAlert } from '@/components/ui/states';
import { toast } from '@/stores/toast-store';
import { useAgentSessions, useEndAgentSessions } from './agent-sessions';
import { EndAllConfirm } from './end-all-confirm';
import { LoginHistory } from './login-history';
import { SessionList } from './session-list';
import './sessions.css';

export function AgentSessionsPanel({ idAgent }: { idAgent: number }) {
  const { t } = useTranslation();
  const id = useId();
  const query = useAgentSessions(idAgent);
  const end = useEndAgentSessions();
  return (
    <section className="agent-sessions" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="agent-sessions__title">
        {t('sessions.subAgentTitle')}
      </h2>
      <QueryState
        query={query}
        pending="line"
        loading={t('sessions.loading')}
        empty={t('sessions.noneOfAgent')}
        isEmpty={(list) => list.Sessions.length === 0}
      >
        {(list) => (
          <>
            <SessionList
              sessions={list.Sessions}
              label={t('sessions.ofAgent', { agent: list.Agent })}
            />
            <div className="sessions__tools">
              <EndAllConfirm
                label={t('sessions.endAllOfAgent')}
                question={t('sessions.endAllOfAgentQuestion', {
                  count: list.Sessions.length,
                  agent: list.Agent,
                })}
                pending={end.isPending}
                onConfirm={() =>
                  end.mutate(idAgent, {
                    onSuccess: (r) =>
                      toast.success(
                        t('sessions.endedOfAgent', { count: r.Ended, agent: list.Agent }),
                      ),
                  })
                }
              />
            </div>
          </>
        )}
      </QueryState>
      {end.isError && <ErrorAlert error={end.error} />}
      <LoginHistory account={{ idAgent }} title={t('loginHistory.ofAgent')} level={3} />
    </section>
  );
}
