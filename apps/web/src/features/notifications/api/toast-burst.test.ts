import { describe, expect, it } from 'vitest';
import { BURST_MS, BURST_TOASTS, createToastBurst } from './toast-burst';

describe('a burst of notifications', () => {
  it('shows the first few as toasts and counts the rest into one', () => {
    const verdict = createToastBurst();
    const first = Array.from({ length: BURST_TOASTS }, (_, i) => verdict(1000 + i));
    expect(first.every((v) => v.kind === 'own')).toBe(true);
    expect(verdict(1100)).toEqual({ kind: 'folded', count: 1 });
    expect(verdict(1200)).toEqual({ kind: 'folded', count: 2 });
  });

  it('starts again once the burst is over', () => {
    const verdict = createToastBurst(1, BURST_MS);
    expect(verdict(0)).toEqual({ kind: 'own' });
    expect(verdict(5)).toEqual({ kind: 'folded', count: 1 });
    expect(verdict(BURST_MS)).toEqual({ kind: 'own' });
    expect(verdict(BURST_MS + 1)).toEqual({ kind: 'folded', count: 1 });
  });
});
