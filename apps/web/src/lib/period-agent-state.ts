// The URL state of a report on one agent of the caller's subtree over a period range
// (?idAgent=, ?period= or ?startDate=&endDate=), read one way by the money screens.
import { OptionalId } from '@backline/contract/core/endpoint';
import { useScopedAgent } from './agent-scope';
import type { periodRangeParams } from './period-range';
import { PERIOD_RANGE_DEFAULTS, PERIOD_RANGE_FIELDS, periodRangeOf } from './period-range';
import { useUrlState, type UrlDefaults, type UrlFields } from './url-state';

const PERIOD_AGENT_FIELDS = { ...PERIOD_RANGE_FIELDS, idAgent: OptionalId };
const PERIOD_AGENT_DEFAULTS = { ...PERIOD_RANGE_DEFAULTS, idAgent: undefined } as const;

/** What every such screen reads of its URL state. */
type PeriodAgentUrlState = {
  period?: number | undefined;
  startDate?: string | undefined;
  endDate?: string | undefined;
  idAgent?: number | undefined;
};

/** What the period and agent filters write. */
export type PeriodAgentChange = ReturnType<typeof periodRangeParams> | { idAgent: number };

/** A screen's URL fields and defaults: the period and agent's, then its own. */
export interface PeriodAgentUrl<F extends UrlFields, D extends UrlDefaults<F>> {
  fields: typeof PERIOD_AGENT_FIELDS & F;
  defaults: typeof PERIOD_AGENT_DEFAULTS & D;
}

/** The URL a screen reads: built once, as a module constant (useUrlState keeps its identity). */
export function periodAgentUrl<F extends UrlFields, const D extends UrlDefaults<F>>(
  fields: F,
  defaults: D,
): PeriodAgentUrl<F, D> {
  return {
    fields: { ...PERIOD_AGENT_FIELDS, ...fields },
    defaults: { ...PERIOD_AGENT_DEFAULTS, ...defaults },
  };
}

/** A screen with no fields of its own. */
export const PERIOD_AGENT_URL = periodAgentUrl({}, {});

/** The screen's URL state, the range it names (else `fallback`) and the agent in scope. */
export function usePeriodAgentState<F extends UrlFields, const D extends UrlDefaults<F>>(
  { fields, defaults }: PeriodAgentUrl<F, D>,
  fallback: number,
) {
  const [url, patch] = useUrlState(fields, defaults);
  const { period, startDate, endDate, idAgent: wanted } = url as PeriodAgentUrlState;
  const range = periodRangeOf({ period, startDate, endDate }, fallback);
  const idAgent = useScopedAgent(wanted);
  return { url, patch, range, idAgent };
}
