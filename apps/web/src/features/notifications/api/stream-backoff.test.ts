import { describe, expect, it } from 'vitest';
import { FIRST_RETRY_MS, MAX_RETRY_MS, nextRetryDelay } from './stream-backoff';

describe('nextRetryDelay', () => {
  it('starts at one second and doubles', () => {
    expect(nextRetryDelay(null)).toBe(FIRST_RETRY_MS);
    expect(nextRetryDelay(1000)).toBe(2000);
    expect(nextRetryDelay(8000)).toBe(16_000);
  });

  it('never waits more than thirty seconds', () => {
    expect(nextRetryDelay(16_000)).toBe(MAX_RETRY_MS);
    expect(nextRetryDelay(MAX_RETRY_MS)).toBe(MAX_RETRY_MS);
  });
});
