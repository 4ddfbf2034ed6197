// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { QueryState, type QueryLike } from './query-state';
import { BusyStatus, ErrorAlert } from './states';

afterEach(cleanup);

describe('ErrorAlert', () => {
  it('says nothing while there is no error', () => {
    const { container } = render(<ErrorAlert error={null} />);
    expect(container.innerHTML).toBe('');
  });

  it('words a refusal, or shows a message already worded', () => {
    render(<ErrorAlert error={new ApiError('Amount too large', 400)} className="wide" />);
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toBe('Amount too large');
    expect(alert.className).toBe('alert alert--error wide');
    cleanup();
    render(<ErrorAlert error="Passwords differ" />);
    expect(screen.getByRole('alert').textContent).toBe('Passwords differ');
  });
});

describe('BusyStatus', () => {
  it('is a status line with a spinner', () => {
    render(<BusyStatus message="Loading…" />);
    const status = screen.getByRole('status');
    expect(status.textContent).toBe('Loading…');
    expect(status.querySelector('.spinner')).not.toBeNull();
  });
});

describe('QueryState while the first load runs', () => {
  const pending: QueryLike<string> = {
    data: undefined,
    error: null,
    isPending: true,
    isError: false,
    refetch: vi.fn(() => Promise.resolve()),
  };

  it.each([
    ['skeleton', false],
    ['spinner', true],
    ['line', false],
  ] as const)('shows a %s', (kind, spinner) => {
    render(
      <QueryState query={pending} loading="Loading…" pending={kind}>
        {(data) => data}
      </QueryState>,
    );
    expect(screen.getByRole('status').textContent).toContain('Loading…');
    expect(document.querySelector('.spinner') !== null).toBe(spinner);
  });
});
