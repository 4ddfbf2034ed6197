// Player standing as a file: one row per player with the standing figures.
import type { PlayerStandingRow } from '@backline/contract';
import { agentTitle } from '../../export/export-context.ts';
import { prepare, type TableSource } from '../../export/export-source.ts';
import { money, ownCurrencyRows, playerColumns, text, yesNo } from '../../export/export-columns.ts';
import type { PlayerStandingService } from './player-standing-service.ts';

export const playerStandingTable: TableSource<PlayerStandingService, 'playerStanding'> = async (
  service,
  ctx,
  filters,
) => {
  const report = await service.playerStanding(ctx.auth, filters);
  const l = ctx.labels.columns;
  return prepare<PlayerStandingRow>({
    ...(await agentTitle(ctx, 'playerStanding', 'player-standing', filters, null)),
    columns: [
      ...playerColumns<PlayerStandingRow>(ctx.labels),
      text(l.active, (r) => yesNo(ctx.labels, r.Active)),
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
    ...ownCurrencyRows(report.Rows),
  });
};
