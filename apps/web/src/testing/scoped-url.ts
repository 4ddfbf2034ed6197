// URL-state tests read a screen's query string as the screen does, signed in as agent 1 with
// agent 5 below it: any other agent in the URL falls back to agent 1.
import { scopeAgent } from '@/lib/agent-scope';
import { readUrlState, type UrlDefaults, type UrlFields } from '@/lib/url-state';

/** The agent signed in. */
export const SELF = 1;
const SUBTREE = [{ IdAgent: SELF }, { IdAgent: 5 }];

/** The URL state `query` holds, and the agent in scope it names. */
export function readScopedUrl<F extends UrlFields, D extends UrlDefaults<F>>(
  query: string,
  fields: F,
  defaults: D,
) {
  const url = readUrlState(new URLSearchParams(query), fields, defaults);
  const { idAgent } = url as { idAgent?: number };
  return { url, idAgent: scopeAgent(idAgent, SELF, SUBTREE) };
}
