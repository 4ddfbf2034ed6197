import { describe, expect, it } from 'vitest';
import { layoutBars } from './bar-chart-layout';

const box = { width: 110, height: 120, padTop: 10, padBottom: 10, padLeft: 10 };

describe('bar chart layout', () => {
  it('puts zero between the largest gain and the largest loss', () => {
    const layout = layoutBars([[300, -100, 0, 0]], box);
    expect(layout.max).toBe(300);
    expect(layout.min).toBe(-100);
    // 100 px of plot for 400 of range: zero sits 75 px below the top of the plot.
    expect(layout.zeroY).toBeCloseTo(85);
  });

  it('grows gains up and losses down from zero, and skips zero days', () => {
    const [gain, loss, zero] = layoutBars([[300, -100, 0, 0]], box).bars;
    expect(gain!.y + gain!.height).toBeCloseTo(85);
    expect(gain!.height).toBeCloseTo(75);
    expect(loss!.y).toBeCloseTo(85);
    expect(loss!.height).toBeCloseTo(25);
    expect(zero!.height).toBe(0);
  });

  it('keeps tiny amounts visible and places series side by side within a day', () => {
    const layout = layoutBars(
      [
        [1_000_000, 1],
        [-5, -1_000_000],
      ],
      box,
    );
    const tiny = layout.bars.find((b) => b.series === 0 && b.day === 1)!;
    expect(tiny.height).toBe(1);
    const [a, b] = layout.bars.filter((bar) => bar.day === 0);
    expect(b!.x).toBeGreaterThan(a!.x);
    expect(layout.dayCentres).toHaveLength(2);
  });

  it('draws nothing without data', () => {
    expect(layoutBars([], box).bars).toEqual([]);
    expect(layoutBars([[0, 0]], box).max).toBe(0);
  });
});
