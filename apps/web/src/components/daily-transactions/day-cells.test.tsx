// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DayCells } from './day-cells';

afterEach(cleanup);

const DAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];
const ROW = { IdPlayer: 4, Player: 'PL4', Currency: 'USD', Days: [0, 1250, 0, -500, 0, 0, 0] };

describe('DayCells', () => {
  it('makes each day with money a button that opens that day, and shows the others as figures', () => {
    const onOpenDay = vi.fn();
    render(
      <table>
        <tbody>
          <tr>
            <DayCells row={ROW} dayNames={DAYS} locale="en-US" onOpenDay={onOpenDay} />
          </tr>
        </tbody>
      </table>,
    );
    const cells = screen.getAllByRole('cell');
    expect(cells).toHaveLength(7);
    const buttons = screen.getAllByRole('button');
    expect(buttons.map((b) => b.textContent)).toEqual(['$12.50', '-$5.00']);
    expect(cells[0]!.textContent).toBe('$0.00');
    fireEvent.click(buttons[1]!);
    expect(onOpenDay).toHaveBeenCalledWith({ row: ROW, dayIndex: 3 });
  });
});
