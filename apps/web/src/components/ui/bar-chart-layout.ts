// Geometry of a small bar chart of signed amounts per day: bars grow up from zero for positive
// amounts and down for negative ones, grouped per day when there are several series.

export interface ChartBox {
  width: number;
  height: number;
  /** Room kept free around the plot for the axis labels. */
  padTop: number;
  padBottom: number;
  padLeft: number;
}

export interface Bar {
  series: number;
  day: number;
  x: number;
  y: number;
  width: number;
  height: number;
  value: number;
}

export interface ChartLayout {
  zeroY: number;
  max: number;
  min: number;
  bars: Bar[];
  /** Centre of each day's group, for its label. */
  dayCentres: number[];
}

export function layoutBars(series: readonly (readonly number[])[], box: ChartBox): ChartLayout {
  const days = Math.max(0, ...series.map((s) => s.length));
  const all = series.flat();
  const max = Math.max(0, ...all);
  const min = Math.min(0, ...all);
  const plotHeight = box.height - box.padTop - box.padBottom;
  const span = max - min || 1;
  const scale = plotHeight / span;
  const zeroY = box.padTop + max * scale;
  const slot = days > 0 ? (box.width - box.padLeft) / days : 0;
  const groupWidth = slot * 0.7;
  const barWidth = series.length > 0 ? groupWidth / series.length : 0;
  const bars: Bar[] = [];
  const dayCentres: number[] = [];
  for (let day = 0; day < days; day++) {
    const left = box.padLeft + day * slot + (slot - groupWidth) / 2;
    dayCentres.push(box.padLeft + day * slot + slot / 2);
    series.forEach((values, s) => {
      const value = values[day] ?? 0;
      // Every non-zero amount stays visible, however small beside the largest.
      const height = value === 0 ? 0 : Math.max(1, Math.abs(value) * scale);
      bars.push({
        series: s,
        day,
        x: left + s * barWidth,
        y: value >= 0 ? zeroY - height : zeroY,
        width: Math.max(1, barWidth - 1),
        height,
        value,
      });
    });
  }
  return { zeroY, max, min, bars, dayCentres };
}
