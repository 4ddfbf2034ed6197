import { OptionalId } from '@backline/contract/endpoint';
import { settlementPeriod } from '@backline/contract/periods';
import { z } from 'zod';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ExportButton } from '@/components/export/export-button';
import { AgentSelect } from '@/components/ui/agent-select';
import { PeriodRangePicker } from '@/components/ui/period-range-picker';
import { EmptyState, ErrorState } from '@/components/ui/states';
import { TableSkeleton } from '@/components/ui/table-skeleton';
import { FilterPanel } from '@/components/ui/filter-panel';
import { useErrorMessage } from '@/lib/errors';
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
import '@/components/ui/report.css';
import '@/components/payments/payments.css';
import { SiteZone } from '@/components/ui/site-zone';
import './agent-payments.css';

// ?tab=subAgents: the payments of the agents below; without it, the agent's own.
const URL_FIELDS = { ...PERIOD_RANGE_FIELDS, idAgent: OptionalId, tab: z.enum(['subAgents']) };
const URL_DEFAULTS = { ...PERIOD_RANGE_DEFAULTS, idAgent: undefined, tab: undefined } as const;

export function AgentPayments() {
  const { t } = useTranslation();
  const locale = useLocale();
  const id = useId();
  const errorMessage = useErrorMessage();
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
    <section className="report" aria-labelledby={`${id}-title`}>
      <header className="report__header">
        <div>
          <h1 id={`${id}-title`} className="report__title">
            {t('agentPayments.title')}
          </h1>
          <p className="report__period">
            <time dateTime={days.StartDate}>{periodText}</time>
            <SiteZone />
          </p>
        </div>
        <div className="report__tools">
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
        </div>
      </header>

      {formOpen && <AgentPaymentForm key={formKey} onDone={() => setFormOpen(false)} />}

      <FilterPanel className="filters--flow">
        <PeriodRangePicker value={range} onChange={(r) => patch(periodRangeParams(r))} />
        <AgentSelect agents={subAgents} value={idAgent} onChange={(v) => patch({ idAgent: v })} />
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

      <div
        className="report__body"
        id={`${id}-panel`}
        role="tabpanel"
        aria-labelledby={`${id}-tab-${scope}`}
        aria-busy={query.isFetching}
      >
        {query.isPending ? (
          <TableSkeleton label={t('agentPayments.loading')} />
        ) : query.isError && !report ? (
          <ErrorState message={errorMessage(query.error)} onRetry={() => void query.refetch()} />
        ) : report && report.Rows.length === 0 ? (
          <EmptyState message={t('agentPayments.empty')} />
        ) : report ? (
          <div className="table-frame">
            {query.isFetching && <span className="refresh-bar" aria-hidden="true" />}
            <AgentPaymentsTable
              report={report}
              locale={locale}
              timeZone={timeZone}
              caption={t(`agentPayments.tabs.${scope}`)}
            />
          </div>
        ) : null}
      </div>
    </section>
  );
}
