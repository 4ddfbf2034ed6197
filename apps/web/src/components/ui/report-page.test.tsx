// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { QueryState, type QueryLike } from './query-state';
import { ReportPage } from './report-page';

afterEach(cleanup);

function query(state: Partial<QueryLike<string[]>>): QueryLike<string[]> {
  return {
    data: undefined,
    error: null,
    isPending: false,
    isError: false,
    refetch: vi.fn(() => Promise.resolve()),
    ...state,
  };
}

function renderPage(q: QueryLike<string[]>) {
  return render(
    <ReportPage
      title="Cash flow"
      period="Nov 16 – 22, 2026"
      count={q.data ? `${q.data.length} players` : undefined}
      tools={<button type="button">Excel</button>}
      filters={<form aria-label="Filters" />}
      busy={false}
    >
      <QueryState
        query={q}
        loading="Loading cash flow…"
        empty="No cash moved."
        isEmpty={(rows) => rows.length === 0}
      >
        {(rows) => (
          <ul aria-label="Rows">
            {rows.map((r) => (
              <li key={r}>{r}</li>
            ))}
          </ul>
        )}
      </QueryState>
    </ReportPage>,
  );
}

describe('ReportPage with QueryState', () => {
  it('names the page by its heading and shows its period, tools and filters', () => {
    renderPage(query({ data: ['PL1'] }));
    expect(screen.getByRole('region', { name: 'Cash flow' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Cash flow' })).toBeTruthy();
    expect(screen.getByText('Nov 16 – 22, 2026')).toBeTruthy();
    expect(screen.getByText('1 players')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Excel' })).toBeTruthy();
    expect(screen.getByRole('form', { name: 'Filters' })).toBeTruthy();
  });

  it('says it is loading while the first load runs', () => {
    renderPage(query({ isPending: true }));
    expect(screen.getByRole('status').textContent).toBe('Loading cash flow…');
    expect(screen.queryByRole('list')).toBeNull();
  });

  it('shows a failed load with a retry that refetches', () => {
    const q = query({ isError: true, error: new Error('down') });
    renderPage(q);
    const alert = screen.getByRole('alert');
    fireEvent.click(alert.querySelector('button')!);
    expect(q.refetch).toHaveBeenCalledOnce();
    expect(screen.queryByRole('list')).toBeNull();
  });

  it('says so when there is nothing to show', () => {
    renderPage(query({ data: [] }));
    expect(screen.getByRole('status').textContent).toBe('No cash moved.');
    expect(screen.queryByRole('list')).toBeNull();
  });

  it('shows the data, and a failed refresh above data still shown', () => {
    const { rerender } = renderPage(query({ data: ['PL1', 'PL2'] }));
    expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual(['PL1', 'PL2']);
    expect(screen.queryByRole('alert')).toBeNull();
    rerender(<></>);
    renderPage(query({ data: ['PL1', 'PL2'], isError: true, error: new Error('down') }));
    expect(screen.getByRole('alert')).toBeTruthy();
    expect(screen.getAllByRole('listitem')).toHaveLength(2);
  });
});

describe('ReportPage given its query', () => {
  function renderQueryPage(q: QueryLike<string[]> & { isFetching: boolean }, empty?: string) {
    return render(
      <ReportPage
        screen="cashFlow"
        query={q}
        empty={empty}
        isEmpty={(rows) => rows.length === 0}
        filters={<form aria-label="Filters" />}
      >
        {(rows) => (
          <ul aria-label="Rows">
            {rows.map((r) => (
              <li key={r}>{r}</li>
            ))}
          </ul>
        )}
      </ReportPage>,
    );
  }

  it('takes its title and loading text from the screen, and is busy while fetching', () => {
    renderQueryPage({ ...query({ isPending: true }), isFetching: true });
    // Without a loaded language the texts read as their keys.
    expect(screen.getByRole('heading', { level: 1, name: 'cashFlow.title' })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('cashFlow.loading');
    expect(document.querySelector('.report__body')?.getAttribute('aria-busy')).toBe('true');
  });

  it("says the screen's empty text, or the one given", () => {
    renderQueryPage({ ...query({ data: [] }), isFetching: false });
    expect(screen.getByRole('status').textContent).toBe('cashFlow.empty');
    cleanup();
    renderQueryPage({ ...query({ data: [] }), isFetching: false }, 'No beaters');
    expect(screen.getByRole('status').textContent).toBe('No beaters');
  });

  it('shows the content once data came', () => {
    renderQueryPage({ ...query({ data: ['PL1'] }), isFetching: false });
    expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual(['PL1']);
    expect(document.querySelector('.report__body')?.getAttribute('aria-busy')).toBe('false');
  });
});
