// @vitest-environment jsdom
import { QueryBool } from '@backline/contract/core/endpoint';
import { act, cleanup, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, useLocation, useNavigationType } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { useUrlState, type UrlStateOptions } from './url-state';

const FIELDS = {
  idAgent: z.coerce.number().int().positive(),
  sort: z.enum(['player', 'balance']),
  page: z.coerce.number().int().positive(),
  activeOnly: QueryBool,
  search: z.string().trim().max(5),
};
const DEFAULTS = {
  idAgent: undefined,
  sort: 'player',
  page: 1,
  activeOnly: false,
  search: '',
} as const;

afterEach(cleanup);

function renderAt(url: string, options?: UrlStateOptions) {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <MemoryRouter initialEntries={[url]}>{children}</MemoryRouter>
  );
  const { result, rerender } = renderHook(
    () => {
      const [state, update] = useUrlState(FIELDS, DEFAULTS, options);
      return { state, update, location: useLocation(), navigation: useNavigationType() };
    },
    { wrapper },
  );
  return { result, rerender };
}

describe('useUrlState', () => {
  it('reads each parameter with its schema', () => {
    const { result } = renderAt('/report?idAgent=5&sort=balance&page=3&activeOnly=1&search=%20ann');
    expect(result.current.state).toEqual({
      idAgent: 5,
      sort: 'balance',
      page: 3,
      activeOnly: true,
      search: 'ann',
    });
  });

  it('falls back to the defaults for what is missing or unusable', () => {
    const { result } = renderAt(
      '/report?idAgent=-2&sort=login&page=x&activeOnly=yes&search=toolong',
    );
    expect(result.current.state).toEqual({
      idAgent: undefined,
      sort: 'player',
      page: 1,
      activeOnly: false,
      search: '',
    });
  });

  it('writes only the parameters a change names, keeping the others and their order', () => {
    const { result } = renderAt('/report?tab=below&page=3&search=ann');
    act(() => result.current.update({ idAgent: 7, page: 4 }));
    expect(result.current.location.search).toBe('?tab=below&page=4&search=ann&idAgent=7');
    expect(result.current.state).toMatchObject({ idAgent: 7, page: 4, search: 'ann' });
    act(() => result.current.update({ sort: 'balance' }));
    // The change just before is still there.
    expect(result.current.location.search).toBe(
      '?tab=below&page=4&search=ann&idAgent=7&sort=balance',
    );
  });

  it('keeps both of two changes made before the first one renders', () => {
    const { result } = renderAt('/report?page=3');
    act(() => {
      result.current.update({ sort: 'balance' });
      result.current.update({ idAgent: 7 });
    });
    expect(result.current.location.search).toBe('?page=3&sort=balance&idAgent=7');
    // Then the URL moves on, and a change builds on what it shows.
    act(() => result.current.update({ page: 1 }));
    expect(result.current.location.search).toBe('?sort=balance&idAgent=7');
  });

  it('keeps changes made in one tick by two parts of a screen', () => {
    const wrapper = ({ children }: { children: ReactNode }) => (
      <MemoryRouter initialEntries={['/report']}>{children}</MemoryRouter>
    );
    const { result } = renderHook(
      () => ({
        filters: useUrlState(FIELDS, DEFAULTS),
        pager: useUrlState(FIELDS, DEFAULTS),
        location: useLocation(),
      }),
      { wrapper },
    );
    act(() => {
      result.current.filters[1]({ search: 'ann' });
      result.current.pager[1]({ page: 2 });
    });
    expect(result.current.location.search).toBe('?search=ann&page=2');
  });

  it('leaves defaults, empty values, null and flags turned off out of the URL', () => {
    const { result } = renderAt('/report?sort=balance&page=2&activeOnly=1&search=ann&idAgent=7');
    act(() =>
      result.current.update({
        sort: 'player',
        page: 1,
        activeOnly: false,
        search: '',
        idAgent: null,
      }),
    );
    expect(result.current.location.search).toBe('');
    expect(result.current.state).toEqual({ ...DEFAULTS });
  });

  it('writes a value without a default as chosen', () => {
    const { result } = renderAt('/report');
    act(() => result.current.update({ idAgent: 1 }));
    expect(result.current.location.search).toBe('?idAgent=1');
  });

  it('writes a flag turned on as 1, or as true where the screen says so', () => {
    const ones = renderAt('/report');
    act(() => ones.result.current.update({ activeOnly: true }));
    expect(ones.result.current.location.search).toBe('?activeOnly=1');
    const trues = renderAt('/report', { trueAs: 'true' });
    act(() => trues.result.current.update({ activeOnly: true }));
    expect(trues.result.current.location.search).toBe('?activeOnly=true');
    expect(trues.result.current.state.activeOnly).toBe(true);
  });

  it('adds a history entry per change, or replaces the current one when asked', () => {
    const { result } = renderAt('/report');
    act(() => result.current.update({ page: 2 }));
    expect(result.current.navigation).toBe('PUSH');
    act(() => result.current.update({ search: 'an' }, { replace: true }));
    expect(result.current.navigation).toBe('REPLACE');
    expect(result.current.location.search).toBe('?page=2&search=an');
  });

  it('keeps the same state while the URL does not change', () => {
    const { result, rerender } = renderAt('/report?page=2');
    const first = result.current.state;
    rerender();
    expect(result.current.state).toBe(first);
  });
});
