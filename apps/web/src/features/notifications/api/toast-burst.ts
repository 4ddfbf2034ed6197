// A busy book raises many notifications at once (every alert is one): the first few of a burst are
// toasts of their own, the rest fold into one toast that counts them and points to the bell, so
// the screen under them stays usable.

/** Toasts of their own within one burst. */
export const BURST_TOASTS = 3;
/** A burst ends this long after it began. */
export const BURST_MS = 10_000;

export type BurstVerdict = { kind: 'own' } | { kind: 'folded'; count: number };

/** Says, for each notification as it arrives (`at` in ms), whether it is its own toast or folded. */
export function createToastBurst(toasts = BURST_TOASTS, windowMs = BURST_MS) {
  let began = -Infinity;
  let shown = 0;
  let folded = 0;
  return (at: number): BurstVerdict => {
    if (at - began >= windowMs) {
      began = at;
      shown = 0;
      folded = 0;
    }
    if (shown < toasts) {
      shown += 1;
      return { kind: 'own' };
    }
    folded += 1;
    return { kind: 'folded', count: folded };
  };
}
