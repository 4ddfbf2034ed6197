import { settlementPeriod } from '@backline/contract/core/periods';
import { z } from 'zod';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ExportButton } from '@/components/export/export-button';
import { AgentPaymentForm } from '@/components/payments/agent-payment-form';
import {
  useAgentPayments,
  type AgentPaymentsScope,
} from '@/components/payments/get-agent-payments';
import { PaymentsTable } from '@/components/payments/payments-table';
import { PeriodAgentReport } from '@/components/ui/period-agent-report';
import { Tabs } from '@/components/ui/tabs';
import { periodAgentUrl, usePeriodAgentState } from '@/lib/period-agent-state';
import { useAgentStore } from '@/stores/agent-store';
import '@/components/payments/payments.css';

// ?tab=subAgents: the payments of the agents below; without it, the agent's own.
const URL_STATE = periodAgentUrl({ tab: z.enum(['subAgents']) }, { tab: undefined });

export function AgentPayments() {
  const { t } = useTranslation();
  const id = useId();
  const timeZone = useAgentStore((s) => s.site?.TimeZone ?? 'UTC');
  const mayEnter = useAgentStore((s) => s.rights.includes('managePayments'));
  const setAgentPayments = useAgentStore((s) => s.setAgentPayments);
  // Where agents settle: on a Monday the screen opens on the week just closed.
  const { url, patch, range, idAgent } = usePeriodAgentState(
    URL_STATE,
    settlementPeriod(new Date(), timeZone),
  );
  const scope: AgentPaymentsScope = url.tab === 'subAgents' ? 'below' : 'self';
  const [formOpen, setFormOpen] = useState(false);
  const [formKey, setFormKey] = useState(0);
  const query = useAgentPayments({ idAgent, scope, ...range });
  const report = query.data;

  // The agent state of SPEC.md §3 holds the agent payments last shown.
  useEffect(() => {
    if (report) setAgentPayments(report);
  }, [report, setAgentPayments]);

  return (
    <PeriodAgentReport
      screen="agentPayments"
      query={query}
      isEmpty={(r) => r.Rows.length === 0}
      tools={
        <>
          {mayEnter && !formOpen && (
            <button
              type="button"
              className="button button--primary"
              onClick={() => {
                setFormKey((k) => k + 1);
                setFormOpen(true);
              }}
            >
              {t('agentPayments.enter')}
            </button>
          )}
          <ExportButton
            target={{
              report: scope === 'self' ? 'agentPayments' : 'subAgentPayments',
              filters: { idAgent, ...range },
            }}
          />
        </>
      }
      range={range}
      idAgent={idAgent}
      onChange={patch}
      above={formOpen && <AgentPaymentForm key={formKey} onDone={() => setFormOpen(false)} />}
      below={
        <Tabs
          label={t('agentPayments.title')}
          idBase={`${id}-tab`}
          panelId={`${id}-panel`}
          value={scope}
          onChange={(s) => patch({ tab: s === 'below' ? 'subAgents' : null })}
          tabs={[
            { key: 'self', label: t('agentPayments.tabs.self') },
            { key: 'below', label: t('agentPayments.tabs.below') },
          ]}
        />
      }
      bodyProps={{ id: `${id}-panel`, role: 'tabpanel', 'aria-labelledby': `${id}-tab-${scope}` }}
    >
      {(report) => (
        <PaymentsTable
          report={report}
          fetching={query.isFetching}
          total={(total) => ({ ...total, In: total.ToMaster, Out: total.FromMaster })}
          caption={t(`agentPayments.tabs.${scope}`)}
          screen="agentPayments"
          directions={['toMaster', 'fromMaster']}
          leading={[
            {
              id: 'agent',
              header: t('agentPayments.columns.agent'),
              className: 'col-player payments-table__agent',
              cell: (row) => row.Agent,
            },
            {
              id: 'master',
              header: t('agentPayments.columns.master'),
              className: 'payments-table__by',
              cell: (row) => row.Master,
            },
          ]}
        />
      )}
    </PeriodAgentReport>
  );
}
