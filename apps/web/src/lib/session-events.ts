// A refused session is noticed deep inside data fetching, but only the router can act on it:
// the query client reports it here and the root navigates to /401.
type Listener = () => void;

const listeners = new Set<Listener>();

export function onSessionRefused(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function reportSessionRefused(): void {
  for (const listener of listeners) listener();
}
