// Beat the line as a file: the players with their closing line value.
import type { BeatTheLinePlayer } from '@backline/contract';
import type { Column } from '../../export/export-table.ts';
import { agentReportFile, type TableSource } from '../../export/export-source.ts';
import { count, decimal, money, playerColumns, share } from '../../export/export-columns.ts';
import type { BeatTheLineService } from './beat-the-line-service.ts';

export const beatTheLineTable: TableSource<BeatTheLineService, 'beatTheLine'> = agentReportFile(
  'beatTheLine',
  'beat-the-line',
  {
    read: (service, auth, filters) => service.beatTheLine(auth, filters),
    rows: (answer) => answer.Players,
    columns: (l, { labels }): Column<BeatTheLinePlayer>[] => [
      ...playerColumns<BeatTheLinePlayer>(labels),
      count(l.legs, (r) => r.Legs),
      count(l.beat, (r) => r.Beat),
      share(l.beatRate, (r) => r.BeatRate),
      decimal(l.clvPoints, 2, (r) => r.AvgClvPoints),
      decimal(l.clvCents, 1, (r) => r.AvgClvCents),
      money(l.risk, (r) => r.Risk),
    ],
  },
);
