// The Sessions screen (issue 20 item 3): where the account is signed in, each session with End,
// End all others (asked twice), and below, an agent's own log-in history.
import type { SessionRow } from '@backline/contract/calls/sessions';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EndAllConfirm } from '@/components/sessions/end-all-confirm';
import { LoginHistory } from '@/components/sessions/login-history';
import { SessionList } from '@/components/sessions/session-list';
import { ReportPage } from '@/components/ui/report-page';
import { ErrorAlert } from '@/components/ui/states';
import { useAgentStore } from '@/stores/agent-store';
import { toast } from '@/stores/toast-store';
import { useEndMyOtherSessions, useEndMySession, useMySessions } from '../api/my-sessions';

/** `onEndThis` logs out: ending this session is what a log-out does. */
export function Sessions({ onEndThis }: { onEndThis: () => void }) {
  const { t } = useTranslation();
  const query = useMySessions();
  const isAgent = useAgentStore((s) => s.player === null);
  const endOne = useEndMySession();
  const endOthers = useEndMyOtherSessions();
  const [ending, setEnding] = useState<number | null>(null);

  const end = (s: SessionRow) => {
    if (s.This) return onEndThis();
    setEnding(s.IdSession);
    endOne.mutate(s.IdSession, {
      onSuccess: () => toast.success(t('sessions.endedOne')),
      onSettled: () => setEnding(null),
    });
  };

  const others = query.data?.Sessions.filter((s) => !s.This).length ?? 0;
  return (
    <ReportPage
      screen="sessions"
      query={query}
      intro={t('sessions.intro')}
      countOf={(list) => list.Sessions.length}
      isEmpty={(list) => list.Sessions.length === 0}
      after={isAgent && <LoginHistory account={{}} title={t('loginHistory.mine')} />}
    >
      {(list) => (
        <>
          <SessionList
            sessions={list.Sessions}
            onEnd={end}
            pending={ending}
            label={t('sessions.title')}
          />
          {(endOne.isError || endOthers.isError) && (
            <ErrorAlert error={endOne.error ?? endOthers.error} />
          )}
          {others > 0 && (
            <div className="sessions__tools">
              <EndAllConfirm
                label={t('sessions.endOthers')}
                question={t('sessions.endOthersQuestion', { count: others })}
                pending={endOthers.isPending}
                onConfirm={() =>
                  endOthers.mutate(undefined, {
                    onSuccess: (r) => toast.success(t('sessions.endedOthers', { count: r.Ended })),
                  })
                }
              />
            </div>
          )}
        </>
      )}
    </ReportPage>
  );
}
