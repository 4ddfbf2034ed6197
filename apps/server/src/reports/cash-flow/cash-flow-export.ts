// Cash flow as a file: money in and out per day and agent.
import type { CashFlowRow } from '@backline/contract';
import { agentTitle } from '../../export/export-context.ts';
import { prepare, type TableSource } from '../../export/export-source.ts';
import { day, money, ownCurrencyRows, text } from '../../export/export-columns.ts';
import type { CashFlowService } from './cash-flow-service.ts';

export const cashFlowTable: TableSource<CashFlowService, 'cashFlow'> = async (
  service,
  ctx,
  filters,
) => {
  const report = await service.cashFlow(ctx.auth, filters);
  const l = ctx.labels.columns;
  return prepare<CashFlowRow>({
    ...(await agentTitle(ctx, 'cashFlow', 'cash-flow', filters, report)),
    columns: [
      day(l.date, (r) => r.Date),
      text(l.agent, (r) => r.Agent),
      text(l.currency, (r) => r.Currency),
      money(l.in, (r) => r.In),
      money(l.out, (r) => r.Out),
      money(l.settlements, (r) => r.Settlements),
      money(l.net, (r) => r.Net),
    ],
    ...ownCurrencyRows(report.Rows),
  });
};
