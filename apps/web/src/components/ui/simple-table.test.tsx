// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { SimpleTable, TableScroll } from './simple-table';

afterEach(cleanup);

const HEAD = {
  prefix: 'legs',
  columns: ['event', 'taken', 'result'],
  classes: { taken: 'num' },
};

describe('SimpleTable in a TableScroll', () => {
  it('is a keyboard-reachable region named as given, with its headings and rows', () => {
    render(
      <TableScroll label="Legs of PL1" dialog>
        <SimpleTable className="report-table" head={HEAD} caption="Legs">
          <tr>
            <td>Bills at Jets</td>
            <td>-110</td>
            <td>Won</td>
          </tr>
        </SimpleTable>
      </TableScroll>,
    );
    const region = screen.getByRole('region', { name: 'Legs of PL1' });
    expect(region.tabIndex).toBe(0);
    expect(region.className).toBe('table-scroll table-scroll--dialog');
    const table = within(region).getByRole('table', { name: 'Legs' });
    const headers = within(table).getAllByRole('columnheader');
    // Without a loaded language the headings read as their keys, under the prefix.
    expect(headers.map((h) => h.textContent)).toEqual(['legs.event', 'legs.taken', 'legs.result']);
    expect(headers.map((h) => h.getAttribute('class'))).toEqual([null, 'num', null]);
    expect(
      within(table)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['Bills at Jets', '-110', 'Won']);
  });
});
