// Player standing as a file: one row per player with the standing figures, as of now.
import type { PlayerStandingRow } from '@backline/contract';
import type { Column } from '../../export/export-table.ts';
import { agentReportFile, type TableSource } from '../../export/export-source.ts';
import { money, playerColumns, text, yesNo } from '../../export/export-columns.ts';
import type { PlayerStandingService } from './player-standing-service.ts';

export const playerStandingTable: TableSource<PlayerStandingService, 'playerStanding'> =
  agentReportFile('playerStanding', 'player-standing', {
    read: (service, auth, filters) => service.playerStanding(auth, filters),
    // As of now: the file is dated the day it is made, not the week the standing echoes.
    period: () => null,
    rows: (answer) => answer.Rows,
    columns: (l, { labels }): Column<PlayerStandingRow>[] => [
      ...playerColumns<PlayerStandingRow>(labels),
      text(l.active, (r) => yesNo(labels, r.Active)),
      money(l.creditLimit, (r) => r.CreditLimit),
      money(l.balance, (r) => r.Balance),
      money(l.atRisk, (r) => r.AtRisk),
      money(l.available, (r) => r.Available),
      money(l.freePlayBalance, (r) => r.FreePlayBalance),
      money(l.thisWeek, (r) => r.ThisWeek),
      money(l.lastWeek, (r) => r.LastWeek),
      money(l.sports, (r) => r.Sports),
      money(l.casino, (r) => r.Casino),
      money(l.horses, (r) => r.Horses),
    ],
  });
