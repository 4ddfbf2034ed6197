import type { Wager, WagerPage } from '@backline/contract/reports/wagers';
import { DataTable, tableSort, type Sort } from '@/components/ui/data-table';
import type { SortDir } from '@backline/contract/core/common';
import type { WagerSort } from '../utils/filters';
import { useWagerColumns } from './wager-columns';

const ROW_PX = 56;

interface WagersTableProps {
  graded: boolean;
  page: WagerPage;
  sort: WagerSort;
  dir: SortDir;
  onSort: (sort: Sort) => void;
  onOpen: (wager: Wager) => void;
  locale: string;
  timeZone: string;
  caption: string;
  fetching: boolean;
}

/** One page of open or graded wagers; the footer totals cover every page of the filter. */
export function WagersTable(props: WagersTableProps) {
  const { graded, page, sort, dir, onSort, onOpen, locale, timeZone, caption, fetching } = props;
  const columns = useWagerColumns(graded, onOpen, locale, timeZone);
  return (
    <DataTable
      rows={page.Rows}
      columns={columns}
      caption={caption}
      getRowId={(w) => String(w.IdWager)}
      locale={locale}
      className="report-table--tight wagers-table"
      rowClassName={(w) => (w.Deleted ? 'is-deleted' : undefined)}
      totals={page.Totals}
      totalKey={(total) => total.Currency}
      sort={tableSort({ sort, dir })}
      onSort={onSort}
      fetching={fetching}
      rankedIn={page.RankedIn}
      // A wager shows its sport under its type: two lines a row.
      rowHeight={ROW_PX}
    />
  );
}
