import { OptionalId } from '@backline/contract/core/endpoint';
import { settlementPeriod } from '@backline/contract/core/periods';
import { z } from 'zod';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ExportButton } from '@/components/export/export-button';
import { AgentSelect } from '@/components/ui/agent-select';
import { PeriodRangePicker } from '@/components/ui/period-range-picker';
import { FilterPanel } from '@/components/ui/filter-panel';
import { QueryState } from '@/components/ui/query-state';
import { ReportPage } from '@/components/ui/report-page';
import { formatDayRange, useLocale } from '@/lib/format';
import { useScopedAgent } from '@/lib/agent-scope';
import {
  PERIOD_RANGE_DEFAULTS,
  PERIOD_RANGE_FIELDS,
  periodRangeOf,
  periodRangeParams,
  resolvePeriodRange,
} from '@/lib/period-range';
import { useUrlState } from '@/lib/url-state';
import { useAgentStore } from '@/stores/agent-store';
import { useAgentPayments, type AgentPaymentsScope } from '../api/get-agent-payments';
import { AgentPaymentForm } from './agent-payment-form';
import { AgentPaymentsTable } from './agent-payments-table';
import { Tabs } from './tabs';
import '@/components/payments/payments.css';
import './agent-payments.css';

// ?tab=subAgents: the payments of the agents below; without it, the agent's own.
const URL_FIELDS = { ...PERIOD_RANGE_FIELDS, idAgent: OptionalId, tab: z.enum(['subAgents']) };
const URL_DEFAULTS = { ...PERIOD_RANGE_DEFAULTS, idAgent: undefined, tab: undefined } as const;

export function AgentPayments() {
  const { t } = useTranslation();
  const locale = useLocale();
  const id = useId();
  const timeZone = useAgentStore((s) => s.site?.TimeZone ?? 'UTC');
  const subAgents = useAgentStore((s) => s.subAgents);
  const mayEnter = useAgentStore((s) => s.rights.includes('managePayments'));
  const setAgentPayments = useAgentStore((s) => s.setAgentPayments);
  const [url, patch] = useUrlState(URL_FIELDS, URL_DEFAULTS);
  // Where agents settle: on a Monday the screen opens on the week just closed.
  const range = periodRangeOf(url, settlementPeriod(new Date(), timeZone));
  const idAgent = useScopedAgent(url.idAgent);
  const scope: AgentPaymentsScope = url.tab === 'subAgents' ? 'below' : 'self';
  const [formOpen, setFormOpen] = useState(false);
  const [formKey, setFormKey] = useState(0);
  const query = useAgentPayments({ idAgent, scope, ...range });
  const report = query.data;
  const days = report ?? resolvePeriodRange(range, new Date(), timeZone);
  const periodText = formatDayRange(days.StartDate, days.EndDate, locale);

  // The agent state of SPEC.md §3 holds the agent payments last shown.
  useEffect(() => {
    if (report) setAgentPayments(report);
  }, [report, setAgentPayments]);

  return (
    <ReportPage
      title={t('agentPayments.title')}
      period={<time dateTime={days.StartDate}>{periodText}</time>}
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
      filters={
        <>
          {formOpen && <AgentPaymentForm key={formKey} onDone={() => setFormOpen(false)} />}
          <FilterPanel className="filters--flow">
            <PeriodRangePicker value={range} onChange={(r) => patch(periodRangeParams(r))} />
            <AgentSelect
              agents={subAgents}
              value={idAgent}
              onChange={(v) => patch({ idAgent: v })}
            />
          </FilterPanel>
          <Tabs
            label={t('agentPayments.title')}
            idBase={id}
            value={scope}
            onChange={(s) => patch({ tab: s === 'below' ? 'subAgents' : null })}
            tabs={[
              { key: 'self', label: t('agentPayments.tabs.self') },
              { key: 'below', label: t('agentPayments.tabs.below') },
            ]}
          />
        </>
      }
      busy={query.isFetching}
      bodyProps={{ id: `${id}-panel`, role: 'tabpanel', 'aria-labelledby': `${id}-tab-${scope}` }}
    >
      <QueryState
        query={query}
        loading={t('agentPayments.loading')}
        empty={t('agentPayments.empty')}
        isEmpty={(r) => r.Rows.length === 0}
      >
        {(report) => (
          <AgentPaymentsTable
            report={report}
            locale={locale}
            timeZone={timeZone}
            caption={t(`agentPayments.tabs.${scope}`)}
            fetching={query.isFetching}
          />
        )}
      </QueryState>
    </ReportPage>
  );
}
