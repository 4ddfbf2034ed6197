// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DataTable, type DataColumn } from './data-table';

afterEach(cleanup);

interface Line {
  player: string;
  currency: string;
  balance: number;
}
interface Total {
  currency: string;
  balance: number;
}

const COLUMNS: DataColumn<Line, Total>[] = [
  {
    id: 'player',
    header: 'Player',
    cell: (r) => r.player,
    sortValue: (r) => r.player,
    total: (t) => `Totals ${t.currency}`,
  },
  {
    id: 'balance',
    header: 'Balance',
    className: 'col-key',
    money: (r) => ({ minor: r.balance, currency: r.currency }),
    sortValue: (r) => r.balance,
    descFirst: true,
    totalMoney: (t) => ({ minor: t.balance, currency: t.currency }),
  },
];

const ROWS: Line[] = [
  { player: 'PL2', currency: 'USD', balance: 500 },
  { player: 'PL10', currency: 'USD', balance: -2500 },
  { player: 'PL1', currency: 'EUR', balance: 12000 },
];

function renderTable(rows: readonly Line[], totals?: Total[]) {
  return render(
    <DataTable
      rows={rows}
      columns={COLUMNS}
      caption="Balances"
      getRowId={(r) => r.player}
      locale="en-US"
      totals={totals}
      totalKey={(t) => t.currency}
    />,
  );
}

/** The first cell of each body row, in order. */
function playerOrder(): string[] {
  const [, body] = screen.getAllByRole('rowgroup');
  return within(body!)
    .queryAllByRole('row')
    .map((row) => within(row).getAllByRole('rowheader')[0]!.textContent ?? '');
}

describe('DataTable', () => {
  it('sorts by a column on click, saying how in aria-sort', () => {
    renderTable(ROWS);
    const balance = screen.getByRole('columnheader', { name: 'Balance' });
    expect(balance.getAttribute('aria-sort')).toBeNull();
    expect(playerOrder()).toEqual(['PL2', 'PL10', 'PL1']);

    fireEvent.click(within(balance).getByRole('button', { name: 'Balance' }));
    expect(balance.getAttribute('aria-sort')).toBe('descending');
    expect(playerOrder()).toEqual(['PL1', 'PL2', 'PL10']);

    fireEvent.click(within(balance).getByRole('button', { name: 'Balance' }));
    expect(balance.getAttribute('aria-sort')).toBe('ascending');
    expect(playerOrder()).toEqual(['PL10', 'PL2', 'PL1']);

    const player = screen.getByRole('columnheader', { name: 'Player' });
    fireEvent.click(within(player).getByRole('button', { name: 'Player' }));
    expect(player.getAttribute('aria-sort')).toBe('ascending');
    expect(balance.getAttribute('aria-sort')).toBeNull();
    // Numbers inside names sort as numbers: PL2 before PL10.
    expect(playerOrder()).toEqual(['PL1', 'PL2', 'PL10']);
  });

  it('renders a totals row per currency, each amount in its currency', () => {
    renderTable(ROWS, [
      { currency: 'EUR', balance: 12000 },
      { currency: 'USD', balance: -2000 },
    ]);
    const [, , foot] = screen.getAllByRole('rowgroup');
    const totals = within(foot!).getAllByRole('row');
    expect(totals.map((row) => row.textContent)).toEqual([
      'Totals EUR€120.00',
      'Totals USD-$20.00',
    ]);
    expect(within(totals[1]!).getByText('-$20.00').className).toContain('money--negative');
  });

  it('renders far fewer rows than it holds when they are many, in a named scroll region', () => {
    const many = Array.from({ length: 1000 }, (_, i) => ({
      player: `PL${i}`,
      currency: 'USD',
      balance: i,
    }));
    // jsdom lays nothing out: the scroll box says it is 600 px tall, as a browser would.
    const height = vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(600);
    renderTable(many);
    const region = screen.getByRole('region', { name: 'Balances' });
    expect(region.tabIndex).toBe(0);
    const rendered = playerOrder().length;
    expect(rendered).toBeGreaterThan(0);
    expect(rendered).toBeLessThan(100);
    height.mockRestore();
  });

  it('renders the headings and no rows when there are none', () => {
    renderTable([]);
    expect(screen.getByRole('table', { name: 'Balances' })).toBeTruthy();
    expect(screen.getAllByRole('columnheader').map((th) => th.textContent)).toEqual([
      'Player',
      'Balance',
    ]);
    expect(playerOrder()).toEqual([]);
  });
});
