// @vitest-environment jsdom
import { endpoint } from '@backline/contract/core/endpoint';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { endpointQueryOptions, useChange } from './queries';

const report = endpoint({
  method: 'POST',
  base: 'reports',
  path: 'Test/Report',
  summary: 'A report for the test',
  audience: 'public',
  body: z.object({ idAgent: z.number() }),
  response: z.object({ Rows: z.array(z.number()) }),
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('endpointQueryOptions', () => {
  it('keys the query as given and posts the body to the endpoint', async () => {
    const fetch = vi.fn(async () => Response.json({ Rows: [1, 2] }));
    vi.stubGlobal('fetch', fetch);
    const options = endpointQueryOptions(['test', { idAgent: 7 }], report, {
      body: { idAgent: 7 },
    });
    expect(options.queryKey).toEqual(['test', { idAgent: 7 }]);
    const data = await new QueryClient().fetchQuery(options);
    expect(data).toEqual({ Rows: [1, 2] });
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/reports/Test/Report');
    expect(init.method).toBe('POST');
    expect(JSON.parse(String(init.body))).toEqual({ idAgent: 7 });
  });
});

describe('useChange', () => {
  function setUp(when?: 'success' | 'settled') {
    const client = new QueryClient();
    for (const key of ['stale', 'other']) client.setQueryData([key, 1], 'cached');
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    );
    const change = vi.fn(async (ok: boolean) => {
      if (!ok) throw new Error('refused');
      return 'done';
    });
    const { result } = renderHook(() => useChange(change, ['stale'], when), { wrapper });
    const isStale = (key: string) => client.getQueryState([key, 1])?.isInvalidated;
    return { result, change, isStale };
  }

  it('marks the named queries stale once the change succeeded, and only those', async () => {
    const { result, change, isStale } = setUp();
    await act(() => result.current.mutateAsync(true));
    expect(change).toHaveBeenCalledWith(true, expect.anything());
    expect(isStale('stale')).toBe(true);
    expect(isStale('other')).toBe(false);
  });

  it('leaves them when the change failed, unless asked to refresh whatever the answer', async () => {
    const failed = setUp();
    act(() => failed.result.current.mutate(false));
    await waitFor(() => expect(failed.result.current.isError).toBe(true));
    expect(failed.isStale('stale')).toBe(false);

    const settled = setUp('settled');
    act(() => settled.result.current.mutate(false));
    await waitFor(() => expect(settled.result.current.isError).toBe(true));
    expect(settled.isStale('stale')).toBe(true);
  });
});
