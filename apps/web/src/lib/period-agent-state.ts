// The URL state of a report on one agent of the caller's subtree over a period range
// (?idAgent=, ?period= or ?startDate=&endDate=), read one way by the money screens.
import { OptionalId } from '@backline/contract/core/endpoint';
import { useScopedAgent } from './agent-scope';
import type { periodRangeParams } from './period-range';
import { PERIOD_RANGE_DEFAULTS, PERIOD_RANGE_FIELDS, periodRangeOf } from './period-range';
import { useUrlState, type UrlDefaults, type UrlFields } from './url-state';

export const PERIOD_AGENT_FIELDS = { ...PERIOD_RANGE_FIELDS, idAgent: OptionalId };
export const PERIOD_AGENT_DEFAULTS = { ...PERIOD_RANGE_DEFAULTS, idAgent: undefined } as const;

/** What every such screen reads of its URL state. */
type PeriodAgentUrl = {
  period?: number | undefined;
  startDate?: string | undefined;
  endDate?: string | undefined;
  idAgent?: number | undefined;
};

/** What the period and agent filters write. */
export type PeriodAgentChange = ReturnType<typeof periodRangeParams> | { idAgent: number };

/**
 * The screen's URL state (PERIOD_AGENT_FIELDS and its own), the range it names (else `fallback`)
 * and the agent in scope.
 */
export function usePeriodAgentState<
  F extends UrlFields & typeof PERIOD_AGENT_FIELDS,
  const D extends UrlDefaults<F>,
>(fields: F, defaults: D, fallback: number) {
  const [url, patch] = useUrlState(fields, defaults);
  const { period, startDate, endDate, idAgent: wanted } = url as PeriodAgentUrl;
  const range = periodRangeOf({ period, startDate, endDate }, fallback);
  const idAgent = useScopedAgent(wanted);
  return { url, patch, range, idAgent };
}
