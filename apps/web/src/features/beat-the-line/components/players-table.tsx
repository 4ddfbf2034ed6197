import type {
  BeatTheLinePlayer,
  BeatTheLineScoring,
} from '@backline/contract/reports/beat-the-line';
import type { SortDir } from '@backline/contract/core/common';
import { useMemo } from 'react';
import { useMoneyRanking } from '@/components/currency/money-ranking';
import { DataTable, tableSort, type Sort } from '@/components/ui/data-table';
import { beatTotals, isSharp, sortPlayers, type PlayerSort } from '../utils/players';
import { usePlayerColumns } from './player-columns';

interface PlayersTableProps {
  rows: readonly BeatTheLinePlayer[];
  scoring: BeatTheLineScoring;
  sort: PlayerSort;
  dir: SortDir;
  onSort: (sort: Sort) => void;
  onOpen: (player: BeatTheLinePlayer) => void;
  locale: string;
  caption: string;
  fetching: boolean;
}

export function PlayersTable(props: PlayersTableProps) {
  const { rows, scoring, sort, dir, onSort, onOpen, locale, caption, fetching } = props;
  const ranking = useMoneyRanking();
  const sorted = useMemo(
    () => sortPlayers(rows, sort, dir, locale, ranking.value),
    [rows, sort, dir, locale, ranking],
  );
  const rankedIn = sort === 'risk' ? ranking.conversion(rows.map((r) => r.Currency)) : null;
  const totals = useMemo(() => beatTotals(rows), [rows]);
  const columns = usePlayerColumns(scoring, onOpen, locale);
  return (
    <DataTable
      rows={sorted}
      columns={columns}
      caption={caption}
      getRowId={(p) => `${p.IdPlayer}|${p.Currency}`}
      locale={locale}
      className="btl-table"
      rowClassName={(p) => (isSharp(p) ? 'is-sharp' : undefined)}
      totals={totals}
      totalKey={(total) => total.Currency}
      sort={tableSort({ sort, dir })}
      onSort={onSort}
      fetching={fetching}
      rankedIn={rankedIn}
    />
  );
}
