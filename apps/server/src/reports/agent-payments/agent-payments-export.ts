// Agent payments as a file: one agent's settlements with its master, or its sub-agents'.
import type { AgentPaymentRow } from '@backline/contract';
import type { Column } from '../../export/export-table.ts';
import type { SourceContext } from '../../export/export-context.ts';
import type { Labels } from '../../export/export-labels.ts';
import { agentReportFile, type TableSource } from '../../export/export-source.ts';
import { instant, paymentColumns, text } from '../../export/export-columns.ts';
import type { AgentPaymentsService } from './agent-payments-service.ts';

function agentPaymentColumns(l: Labels['columns'], ctx: SourceContext): Column<AgentPaymentRow>[] {
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
const paymentsFile = <R extends 'agentPayments' | 'subAgentPayments'>(
  report: R,
  fileStem: string,
  scope: 'self' | 'below',
): TableSource<AgentPaymentsService, R> =>
  agentReportFile(report, fileStem, {
    read: (service, auth, filters) => service.agentPayments(auth, filters, scope),
    rows: (answer) => answer.Rows,
    columns: agentPaymentColumns,
  });

export const agentPaymentsTable = paymentsFile('agentPayments', 'agent-payments', 'self');
export const subAgentPaymentsTable = paymentsFile(
  'subAgentPayments',
  'sub-agent-payments',
  'below',
);
