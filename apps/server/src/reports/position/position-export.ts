// Position as a file: one line per side of every listed game's markets, in the site's currency.
import type { PositionGame, PositionMarketRow, PositionSide } from '@backline/contract';
import type { Column } from '../../export/export-table.ts';
import { agentReportFile } from '../../export/export-source.ts';
import { count, instant, money, text } from '../../export/export-columns.ts';
import { labelOf } from '../../export/export-labels.ts';
import type { PositionService } from './position-service.ts';

type Line = PositionSide & {
  Game: PositionGame;
  Market: PositionMarketRow;
  Currency: string;
};

export const positionTable = agentReportFile('position', 'position', {
  read: (service: PositionService, auth, filters) => service.position(auth, filters),
  rows: (answer): Line[] =>
    answer.Games.flatMap((g) =>
      g.Markets.flatMap((m) =>
        m.Sides.map((s) => ({ ...s, Game: g, Market: m, Currency: answer.Currency })),
      ),
    ),
  agent: (answer) => answer.IdAgent,
  columns: (l, { labels }): Column<Line>[] => [
    text(l.game, (r) => `${r.Game.Away} @ ${r.Game.Home}`),
    text(l.sport, (r) => labelOf(labels.sports, r.Game.Sport)),
    text(l.league, (r) => r.Game.League),
    instant(l.startsAt, (r) => r.Game.StartsAt),
    text(l.gameStatus, (r) => labelOf(labels.positionStatuses, r.Game.Status)),
    text(l.market, (r) => labelOf(labels.positionMarkets, r.Market.Market)),
    text(l.proposition, (r) => r.Market.Prop),
    text(l.side, (r) =>
      r.Side === 'home' || r.Side === 'away' ? r.Label : labelOf(labels.positionSides, r.Side),
    ),
    count(l.wagers, (r) => r.Wagers),
    money(l.risk, (r) => r.Risk),
    money(l.toWin, (r) => r.ToWin),
    count(l.multiWagers, (r) => r.MultiWagers),
    money(l.multiRisk, (r) => r.MultiRisk),
    money(l.multiToWin, (r) => r.MultiToWin),
    money(l.bookIfWins, (r) => r.BookIfWins, false),
  ],
});
