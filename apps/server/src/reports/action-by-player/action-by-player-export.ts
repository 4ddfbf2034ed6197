// Action by player as a file: a pair of columns (count, volume) per wager type with action.
import { WAGER_TYPES, type ActionByPlayerRow } from '@backline/contract';
import { fill, labelOf } from '../../export/export-labels.ts';
import { agentTitle } from '../../export/export-context.ts';
import { prepare, type TableSource } from '../../export/export-source.ts';
import { count, money, ownCurrencyRows, playerColumns } from '../../export/export-columns.ts';
import type { ActionByPlayerService } from './action-by-player-service.ts';

export const actionByPlayerTable: TableSource<ActionByPlayerService, 'actionByPlayer'> = async (
  service,
  ctx,
  filters,
) => {
  const report = await service.actionByPlayer(ctx.auth, filters);
  const l = ctx.labels;
  // A pair of columns per wager type with action, in the book's order, as on screen.
  const seen = new Set(report.Rows.flatMap((r) => Object.keys(r.ByType)));
  const types = [
    ...WAGER_TYPES.filter((t) => seen.has(t)),
    ...[...seen].filter((t) => !(WAGER_TYPES as readonly string[]).includes(t)).sort(),
  ];
  return prepare<ActionByPlayerRow>({
    ...(await agentTitle(ctx, 'actionByPlayer', 'action-by-player', filters, report)),
    columns: [
      ...playerColumns<ActionByPlayerRow>(l),
      ...types.flatMap((type) => {
        const name = labelOf(l.wagerTypes, type);
        return [
          count<ActionByPlayerRow>(
            fill(l.byType.count, { type: name }),
            (r) => r.ByType[type]?.Count ?? 0,
          ),
          money<ActionByPlayerRow>(
            fill(l.byType.volume, { type: name }),
            (r) => r.ByType[type]?.Volume ?? 0,
          ),
        ];
      }),
      count(l.columns.wagers, (r) => r.Count),
      money(l.columns.volume, (r) => r.Volume),
    ],
    ...ownCurrencyRows(report.Rows),
  });
};
