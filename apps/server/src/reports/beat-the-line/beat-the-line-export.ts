// Beat the line as a file: the players with their closing line value.
import type { BeatTheLinePlayer } from '@backline/contract';
import { agentTitle } from '../../export/export-context.ts';
import { prepare, type TableSource } from '../../export/export-source.ts';
import {
  count,
  decimal,
  money,
  ownCurrencyRows,
  playerColumns,
  share,
} from '../../export/export-columns.ts';
import type { BeatTheLineService } from './beat-the-line-service.ts';

export const beatTheLineTable: TableSource<BeatTheLineService, 'beatTheLine'> = async (
  service,
  ctx,
  filters,
) => {
  const report = await service.beatTheLine(ctx.auth, filters);
  const l = ctx.labels.columns;
  return prepare<BeatTheLinePlayer>({
    ...(await agentTitle(ctx, 'beatTheLine', 'beat-the-line', filters, report)),
    columns: [
      ...playerColumns<BeatTheLinePlayer>(ctx.labels),
      count(l.legs, (r) => r.Legs),
      count(l.beat, (r) => r.Beat),
      share(l.beatRate, (r) => r.BeatRate),
      decimal(l.clvPoints, 2, (r) => r.AvgClvPoints),
      decimal(l.clvCents, 1, (r) => r.AvgClvCents),
      money(l.risk, (r) => r.Risk),
    ],
    ...ownCurrencyRows(report.Players),
  });
};
