// The URL state of a screen about one agent of the subtree over dates that open on this week (the
// wager center, beat the line): its state is derived from the URL, the agent in scope and the week,
// and a change is merged into the whole state, then written back as the URL's parameters.
import { useCallback, useMemo } from 'react';
import { useScopedAgent } from './agent-scope';
import { useThisWeek, type DateRange } from './period-range';
import {
  useUrlState,
  type UrlChange,
  type UrlDefaults,
  type UrlFields,
  type UrlState,
  type UrlStateOptions,
} from './url-state';

export interface AgentWeekScreen<F extends UrlFields, D extends UrlDefaults<F>, S, P> {
  fields: F;
  defaults: D;
  options?: UrlStateOptions;
  /** The state the URL says, with the agent in scope and the week's dates as the default range. */
  read: (url: UrlState<F, D>, idAgent: number, defaultRange: DateRange) => S;
  /** The URL of a whole state, the agent aside; defaults left out. */
  write: (state: S, defaultRange: DateRange) => UrlChange<F, D>;
  merge: (state: S, patch: P) => S;
  /** The agent a change picks, written as chosen (decision 024). */
  chosenAgent: (patch: P) => number | undefined;
}

/** `screen` must be a module constant: its parts keep their identity across renders. */
export function useAgentWeekState<F extends UrlFields, const D extends UrlDefaults<F>, S, P>(
  screen: AgentWeekScreen<F, D, S, P>,
) {
  const [url, setUrl] = useUrlState(screen.fields, screen.defaults, screen.options);
  const idAgent = useScopedAgent((url as { idAgent?: number }).idAgent);
  const defaultRange = useThisWeek();
  const state = useMemo(
    () => screen.read(url, idAgent, defaultRange),
    [screen, url, idAgent, defaultRange],
  );
  // The change merges into the latest URL's state, not the render's: a second change made before
  // the first renders must not write the first one's parameters back as they were. The agent read
  // here is not written back (`write` leaves it aside), so the render's is good enough.
  const update = useCallback(
    (patch: P) => {
      setUrl((latest) => {
        const current = screen.read(latest, idAgent, defaultRange);
        const change: Record<string, unknown> = screen.write(
          screen.merge(current, patch),
          defaultRange,
        );
        const chosen = screen.chosenAgent(patch);
        if (chosen !== undefined) change.idAgent = chosen;
        return change as UrlChange<F, D>;
      });
    },
    [screen, idAgent, defaultRange, setUrl],
  );
  return [state, update] as const;
}
