// A screen's state lives in its query string, read and written one way: each parameter parsed with
// its schema (the contract's, so a stale link falls back instead of breaking the screen), changes
// written as patches, and a value equal to its default left out so links stay short.
import { useCallback, useMemo } from 'react';
import type { z } from 'zod';
import { readParam, useParamPatch, type ParamPatch } from './search-params';

/** One schema per query parameter, named as in the URL; each reads the parameter's text. */
export type UrlFields = Record<string, z.ZodType>;

/**
 * Each parameter's value when the URL has none or an unusable one. `undefined` leaves the choice
 * to the screen (the agent in scope, the week it opens on): any value written is then kept as chosen.
 */
export type UrlDefaults<F extends UrlFields> = { readonly [K in keyof F]: unknown };

export type UrlState<F extends UrlFields, D extends UrlDefaults<F>> = {
  -readonly [K in keyof F]: Exclude<z.output<F[K]>, undefined> | D[K];
};

/** The parameters a change names; null, like a default, takes one out of the URL. */
export type UrlChange<F extends UrlFields, D extends UrlDefaults<F>> = {
  [K in keyof F]?: UrlState<F, D>[K] | null;
};

export interface UrlStateOptions {
  /** How a flag that is on is written: '1', or 'true' where the screen's links always said so. */
  trueAs?: '1' | 'true';
}

export function readUrlState<F extends UrlFields, D extends UrlDefaults<F>>(
  params: URLSearchParams,
  fields: F,
  defaults: D,
): UrlState<F, D> {
  const state: Record<string, unknown> = {};
  for (const name of Object.keys(fields)) {
    state[name] = readParam(params, name, fields[name]!, defaults[name]);
  }
  return state as UrlState<F, D>;
}

/** The parameters of a change: a value equal to its default, empty or off leaves the URL. */
export function urlStatePatch<F extends UrlFields, D extends UrlDefaults<F>>(
  change: UrlChange<F, D>,
  defaults: D,
  options: UrlStateOptions = {},
): ParamPatch {
  const patch: ParamPatch = {};
  for (const [name, value] of Object.entries(change)) {
    const absent = value === undefined || value === null || value === '' || value === false;
    patch[name] =
      absent || value === defaults[name]
        ? null
        : value === true
          ? (options.trueAs ?? '1')
          : (value as string | number);
  }
  return patch;
}

/**
 * The screen's state from the URL and a setter writing only the parameters a change names, so one
 * change never undoes another made just before; `replace` keeps typing out of the history. A change
 * that depends on the rest of the state is a function of the latest state, which may be newer than
 * the render's. `fields` and `defaults` must keep their identity across renders (module constants
 * or memoized).
 */
export function useUrlState<F extends UrlFields, const D extends UrlDefaults<F>>(
  fields: F,
  defaults: D,
  options: UrlStateOptions = {},
) {
  const [params, patch] = useParamPatch();
  const { trueAs } = options;
  const state = useMemo(() => readUrlState(params, fields, defaults), [params, fields, defaults]);
  const update = useCallback(
    (
      change: UrlChange<F, D> | ((latest: UrlState<F, D>) => UrlChange<F, D>),
      updateOptions?: { replace?: boolean },
    ) =>
      patch((latest) => {
        const named =
          typeof change === 'function' ? change(readUrlState(latest, fields, defaults)) : change;
        return urlStatePatch(named, defaults, { trueAs });
      }, updateOptions),
    [patch, fields, defaults, trueAs],
  );
  return [state, update] as const;
}
