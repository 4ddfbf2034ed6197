// Agent payments as a file: one agent's settlements with its master, or its sub-agents'.
import type { AgentPaymentRow } from '@backline/contract';
import type { Column } from '../../export/export-table.ts';
import { agentTitle, type Filters, type SourceContext } from '../../export/export-context.ts';
import { prepare, type Prepared } from '../../export/export-source.ts';
import { instant, ownCurrencyRows, paymentColumns, text } from '../../export/export-columns.ts';
import type { AgentPaymentsService } from './agent-payments-service.ts';

function agentPaymentColumns(ctx: SourceContext): Column<AgentPaymentRow>[] {
  const l = ctx.labels.columns;
  const { directions } = ctx.labels;
  return [
    instant(l.date, (r) => r.CreatedAt),
    text(l.agent, (r) => r.Agent),
    text(l.master, (r) => r.Master),
    text(l.currency, (r) => r.Currency),
    ...paymentColumns<AgentPaymentRow>(ctx.labels, directions.toMaster, directions.fromMaster),
  ];
}

/** Settlements of one agent with its master ('self') or of every sub-agent below it ('below'). */
async function paymentsTable(
  service: AgentPaymentsService,
  ctx: SourceContext,
  filters: Filters<'agentPayments'>,
  scope: 'self' | 'below',
): Promise<Prepared> {
  const report = await service.agentPayments(ctx.auth, filters, scope);
  return prepare<AgentPaymentRow>({
    ...(scope === 'self'
      ? await agentTitle(ctx, 'agentPayments', 'agent-payments', filters, report)
      : await agentTitle(ctx, 'subAgentPayments', 'sub-agent-payments', filters, report)),
    columns: agentPaymentColumns(ctx),
    ...ownCurrencyRows(report.Rows),
  });
}

export const agentPaymentsTable = (
  service: AgentPaymentsService,
  ctx: SourceContext,
  filters: Filters<'agentPayments'>,
) => paymentsTable(service, ctx, filters, 'self');

export const subAgentPaymentsTable = (
  service: AgentPaymentsService,
  ctx: SourceContext,
  filters: Filters<'subAgentPayments'>,
) => paymentsTable(service, ctx, filters, 'below');
