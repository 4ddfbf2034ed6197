// Report filters live in the URL; these read and write single parameters with the contract's own
// schemas, so a hand-edited or stale link falls back to defaults instead of breaking the screen.
// Screens use them through lib/url-state.ts.
import { useCallback } from 'react';
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

/** Applies a patch to the query string; null, undefined and false remove a parameter. */
export function patchParams(current: URLSearchParams, patch: ParamPatch): URLSearchParams {
  const next = new URLSearchParams(current);
  for (const [name, value] of Object.entries(patch)) {
    if (value === null || value === undefined || value === false) next.delete(name);
    else next.set(name, value === true ? '1' : String(value));
  }
  return next;
}

/**
 * The screen's query string and a setter that changes only the named parameters; `replace` keeps
 * typing in a search box from filling the history with one entry per key.
 */
export function useParamPatch() {
  const [params, setParams] = useSearchParams();
  const patch = useCallback(
    (changes: ParamPatch, options?: { replace?: boolean }) =>
      setParams((current) => patchParams(current, changes), options),
    [setParams],
  );
  return [params, patch] as const;
}
