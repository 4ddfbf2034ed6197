// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { PaymentsTable } from './payments-table';

afterEach(cleanup);

const ROW = {
  IdPayment: 1,
  Agent: 'AG2',
  CreatedAt: '2026-11-18T15:00:00Z',
  Method: 'cash',
  Amount: -2500,
  Currency: 'USD',
  Note: 'Friday',
  EnteredBy: 'AG1',
};

describe('PaymentsTable', () => {
  it("puts the screen's columns around the shared ones, and totals money in and out", () => {
    render(
      <PaymentsTable
        report={{ Rows: [ROW], Totals: [{ Currency: 'USD', Count: 1, Net: -2500 }] }}
        total={(t) => ({ ...t, In: 0, Out: 2500 })}
        screen="agentPayments"
        directions={['toMaster', 'fromMaster']}
        leading={[{ id: 'agent', header: 'Agent', cell: (row) => row.Agent }]}
        caption="Payments"
        fetching={false}
      />,
    );
    const table = screen.getByRole('table', { name: 'Payments' });
    // The agents' table sizes its first column by its own rule (payments.css).
    expect(table.classList.contains('payments-table--agents')).toBe(true);
    // Without a loaded language the headings read as their keys.
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual([
      'Agent',
      'agentPayments.columns.date',
      'payments.direction',
      'payments.method',
      'agentPayments.columns.amount',
      'payments.note',
      'payments.enteredBy',
    ]);
    const row = within(table).getAllByRole('row')[1]!;
    expect(within(row).getByText('agentPayments.directions.fromMaster')).toBeTruthy();
    expect(within(row).getByText('-$25.00')).toBeTruthy();
    const split = table.querySelector('tfoot .payments-table__split')!;
    expect(split.getAttribute('colspan')).toBe('3');
    expect(split.textContent).toContain('agentPayments.directions.toMaster');
  });
});
