// Reconnect delays for the notification stream: 1 s doubling up to 30 s, back to 1 s once a
// stream has delivered an event.
export const FIRST_RETRY_MS = 1000;
export const MAX_RETRY_MS = 30_000;

export function nextRetryDelay(previous: number | null): number {
  if (previous === null) return FIRST_RETRY_MS;
  return Math.min(previous * 2, MAX_RETRY_MS);
}
