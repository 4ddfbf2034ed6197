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
  const update = useCallback(
    (patch: P) => {
      const change: Record<string, unknown> = screen.write(
        screen.merge(state, patch),
        defaultRange,
      );
      const chosen = screen.chosenAgent(patch);
      if (chosen !== undefined) change.idAgent = chosen;
      setUrl(change as UrlChange<F, D>);
    },
    [screen, state, defaultRange, setUrl],
  );
  return [state, update] as const;
}
