// The players list as a file: every player the filters keep, in the screen's order, read from the
// cursor a chunk at a time; as of now, so dated the day it is made.
import type { PlayerListRow } from '@backline/contract';
import { labelOf } from '../../export/export-labels.ts';
import type { Column } from '../../export/export-table.ts';
import { agentTitle } from '../../export/export-context.ts';
import { prepare, type TableSource } from '../../export/export-source.ts';
import { instant, money, playerColumns, text, yesNo } from '../../export/export-columns.ts';
import type { PlayersService } from './players-service.ts';

const CHUNK = 2000;

export const playersTable: TableSource<PlayersService, 'players'> = async (
  service,
  ctx,
  filters,
) => {
  const l = ctx.labels.columns;
  const columns: Column<PlayerListRow>[] = [
    ...playerColumns<PlayerListRow>(ctx.labels),
    text(l.status, (r) => labelOf(ctx.labels.playerStatuses, r.Status)),
    money(l.balance, (r) => r.Balance),
    money(l.creditLimit, (r) => r.CreditLimit),
    money(l.atRisk, (r) => r.AtRisk),
    money(l.available, (r) => r.Available),
    money(l.thisWeek, (r) => r.ThisWeek),
    instant(l.lastWager, (r) => r.LastWagerAt),
    text(l.watched, (r) => yesNo(ctx.labels, r.Watched)),
    text(l.overLimit, (r) => yesNo(ctx.labels, r.OverLimit)),
    text(l.sharp, (r) => yesNo(ctx.labels, r.Sharp)),
  ];
  return prepare<PlayerListRow>({
    ...(await agentTitle(ctx, 'players', 'players', filters, null)),
    columns,
    currencyOf: (r) => r.Currency,
    chunks: service.playersChunks(ctx.auth, filters, CHUNK),
  });
};
