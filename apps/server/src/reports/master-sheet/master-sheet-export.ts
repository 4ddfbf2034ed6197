// The master sheet as a file: one line per direct sub-agent, in the site's currency, with totals.
import type { SheetRow } from '@backline/contract';
import type { Column } from '../../export/export-table.ts';
import { agentReportFile } from '../../export/export-source.ts';
import { count, money, text } from '../../export/export-columns.ts';
import { labelOf } from '../../export/export-labels.ts';
import type { MasterSheetService } from './master-sheet-service.ts';

type Line = SheetRow & { Currency: string };

export const masterSheetTable = agentReportFile('masterSheet', 'master-sheet', {
  read: (service: MasterSheetService, auth, filters) => service.masterSheet(auth, filters),
  rows: (answer): Line[] => answer.Rows.map((r) => ({ ...r, Currency: answer.Currency })),
  agent: (answer) => answer.IdAgent,
  columns: (l, ctx): Column<Line>[] => [
    text(l.agent, (r) => r.Agent),
    text(l.name, (r) => r.Name),
    money(l.sports, (r) => r.Net.Sports),
    money(l.casino, (r) => r.Net.Casino),
    money(l.horses, (r) => r.Net.Horses),
    money(l.rbl, (r) => r.Net.Rbl),
    money(l.net, (r) => r.Net.Total),
    money(l.late, (r) => r.Late.Total),
    money(l.makeupBefore, (r) => r.MakeupBefore.Total),
    money(l.makeupAfter, (r) => r.MakeupAfter.Total),
    money(l.earnings, (r) => r.Earnings),
    count(l.activePlayers, (r) => r.ActivePlayers),
    money(l.headFees, (r) => r.HeadFees),
    money(l.owed, (r) => r.Owed),
    money(l.broughtForward, (r) => r.BroughtForward),
    money(l.paid, (r) => r.Paid),
    money(l.balanceForward, (r) => r.BalanceForward),
    text(l.settleStatus, (r) => labelOf(ctx.labels.settleStatuses, r.Status)),
  ],
});
