// The app's one clock. It is the real clock unless a deployment starts it at a fixed instant (the
// NOW setting): tests and demos then see the same "this week" whatever day they run on.

/** Reads the app's current instant. */
export type Clock = () => Date;

/**
 * A clock that reads `start` when created and then moves on in real time, so sessions still expire
 * and entries still come in order; without `start`, the real clock.
 */
export function clockStartingAt(start: Date | undefined, realMs: () => number = Date.now): Clock {
  if (!start) return () => new Date(realMs());
  const offset = start.getTime() - realMs();
  return () => new Date(realMs() + offset);
}
