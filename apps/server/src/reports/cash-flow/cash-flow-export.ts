// Cash flow as a file: money in and out per day and agent.
import type { CashFlowRow } from '@backline/contract';
import type { Column } from '../../export/export-table.ts';
import { agentReportFile, type TableSource } from '../../export/export-source.ts';
import { day, money, text } from '../../export/export-columns.ts';
import type { CashFlowService } from './cash-flow-service.ts';

export const cashFlowTable: TableSource<CashFlowService, 'cashFlow'> = agentReportFile(
  'cashFlow',
  'cash-flow',
  {
    read: (service, auth, filters) => service.cashFlow(auth, filters),
    rows: (answer) => answer.Rows,
    columns: (l): Column<CashFlowRow>[] => [
      day(l.date, (r) => r.Date),
      text(l.agent, (r) => r.Agent),
      text(l.currency, (r) => r.Currency),
      money(l.in, (r) => r.In),
      money(l.out, (r) => r.Out),
      money(l.settlements, (r) => r.Settlements),
      money(l.net, (r) => r.Net),
    ],
  },
);
