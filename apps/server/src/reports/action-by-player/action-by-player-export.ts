// Action by player as a file: a pair of columns (count, volume) per wager type with action.
import { WAGER_TYPES, type ActionByPlayerRow } from '@backline/contract';
import type { Column } from '../../export/export-table.ts';
import { fill, labelOf } from '../../export/export-labels.ts';
import { agentReportFile, type TableSource } from '../../export/export-source.ts';
import { count, money, playerColumns } from '../../export/export-columns.ts';
import type { ActionByPlayerService } from './action-by-player-service.ts';

/** The wager types with action, in the book's order as on screen, then any other by name. */
function typesOf(rows: readonly ActionByPlayerRow[]): string[] {
  const seen = new Set(rows.flatMap((r) => Object.keys(r.ByType)));
  return [
    ...WAGER_TYPES.filter((t) => seen.has(t)),
    ...[...seen].filter((t) => !(WAGER_TYPES as readonly string[]).includes(t)).sort(),
  ];
}

export const actionByPlayerTable: TableSource<ActionByPlayerService, 'actionByPlayer'> =
  agentReportFile('actionByPlayer', 'action-by-player', {
    read: (service, auth, filters) => service.actionByPlayer(auth, filters),
    rows: (answer) => answer.Rows,
    columns: (l, { labels }, answer): Column<ActionByPlayerRow>[] => [
      ...playerColumns<ActionByPlayerRow>(labels),
      ...typesOf(answer.Rows).flatMap((type) => {
        const name = labelOf(labels.wagerTypes, type);
        return [
          count<ActionByPlayerRow>(
            fill(labels.byType.count, { type: name }),
            (r) => r.ByType[type]?.Count ?? 0,
          ),
          money<ActionByPlayerRow>(
            fill(labels.byType.volume, { type: name }),
            (r) => r.ByType[type]?.Volume ?? 0,
          ),
        ];
      }),
      count(l.wagers, (r) => r.Count),
      money(l.volume, (r) => r.Volume),
    ],
  });
