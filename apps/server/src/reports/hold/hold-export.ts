// Hold as a file: one line per sport, league, agent or player, in the site's currency.
import type { HoldRow } from '@backline/contract';
import type { Column } from '../../export/export-table.ts';
import { agentReportFile } from '../../export/export-source.ts';
import { count, money, share, text } from '../../export/export-columns.ts';
import { fill, labelOf } from '../../export/export-labels.ts';
import type { HoldService } from './hold-service.ts';

type Line = HoldRow & { Currency: string };

export const holdTable = agentReportFile('hold', 'hold', {
  read: (service: HoldService, auth, filters) => service.hold(auth, filters),
  rows: (answer): Line[] => answer.Rows.map((r) => ({ ...r, Currency: answer.Currency })),
  columns: (l, { labels }, { GroupBy }): Column<Line>[] => [
    ...(GroupBy === 'league' ? [text<Line>(l.sport, (r) => labelOf(labels.sports, r.Sport!))] : []),
    text(l[GroupBy], (r) => {
      if (GroupBy === 'sport') return labelOf(labels.sports, r.Label);
      return r.Own ? fill(labels.ownPlayers, { agent: r.Label }) : r.Label;
    }),
    ...(GroupBy === 'agent' || GroupBy === 'player' ? [text<Line>(l.name, (r) => r.Detail)] : []),
    count(l.wagers, (r) => r.Wagers),
    money(l.handle, (r) => r.Handle),
    money(l.net, (r) => r.Net),
    share(l.holdPct, (r) => (r.HoldPct === null ? null : r.HoldPct / 100)),
  ],
});
