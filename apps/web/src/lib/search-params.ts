// Report filters live in the URL; these read and write single parameters with the contract's own
// schemas, so a hand-edited or stale link falls back to defaults instead of breaking the screen.
// Screens use them through lib/url-state.ts.
import { useCallback, useLayoutEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import type { z } from 'zod';

export function readParam<T>(
  params: URLSearchParams,
  name: string,
  schema: z.ZodType<T | undefined>,
  fallback: T,
): T {
  const raw = params.get(name);
  if (raw === null || raw === '') return fallback;
  const parsed = schema.safeParse(raw);
  return parsed.success && parsed.data !== undefined ? parsed.data : fallback;
}

export type ParamPatch = Record<string, string | number | boolean | null | undefined>;
/** A patch, or how to make one from the latest parameters (for a change that reads them). */
export type ParamUpdate = ParamPatch | ((latest: URLSearchParams) => ParamPatch);

/** Applies a patch to the query string; null, undefined and false remove a parameter. */
export function patchParams(current: URLSearchParams, patch: ParamPatch): URLSearchParams {
  const next = new URLSearchParams(current);
  for (const [name, value] of Object.entries(patch)) {
    if (value === null || value === undefined || value === false) next.delete(name);
    else next.set(name, value === true ? '1' : String(value));
  }
  return next;
}

// What the last patch wrote, for patches made before the router renders it (see useParamPatch). One
// for the page, since two hooks on one screen may each change a parameter in the same tick.
let written: { over: string; params: URLSearchParams } | null = null;

/**
 * The screen's query string and a setter that changes only the named parameters; `replace` keeps
 * typing in a search box from filling the history with one entry per key.
 *
 * React Router's functional setter reads the params of the last render, so two changes made before
 * the first one renders (a sport picked, then a wager type) would lose the first. A patch builds on
 * what the previous one wrote while the router still shows the URL that one was written over; a
 * change that depends on the other parameters is a function of those latest ones.
 */
export function useParamPatch() {
  const [params, setParams] = useSearchParams();
  const shown = useRef(params);
  useLayoutEffect(() => {
    shown.current = params;
    if (written?.over !== params.toString()) written = null;
  }, [params]);
  const patch = useCallback(
    (update: ParamUpdate, options?: { replace?: boolean }) => {
      const over = shown.current.toString();
      const base = written?.over === over ? written.params : shown.current;
      const next = patchParams(base, typeof update === 'function' ? update(base) : update);
      written = { over, params: next };
      setParams(next, options);
    },
    [setParams],
  );
  return [params, patch] as const;
}
