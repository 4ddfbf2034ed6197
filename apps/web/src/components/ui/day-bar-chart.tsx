import { formatMoney } from '@backline/contract/core/money';
import type { IsoDate } from '@backline/contract/core/periods';
import { formatDay } from '@/lib/format';
import { layoutBars } from './bar-chart-layout';
import './day-bar-chart.css';

export interface ChartSeries {
  label: string;
  /** Signed minor units per day; negative values draw below the axis. */
  values: readonly number[];
  /** Colour by the sign of each value, or one colour for the whole series (neutral: a volume). */
  tone: 'signed' | 'in' | 'out' | 'neutral';
}

interface DayBarChartProps {
  title: string;
  /** What the chart shows, in words: the accessible name of the image. */
  summary: string;
  days: readonly IsoDate[];
  series: readonly ChartSeries[];
  currency: string;
  locale: string;
  /** How each day is labelled; by default its weekday, or its day of the month past a week. */
  dayLabel?: Intl.DateTimeFormatOptions;
}

// Sized near the width a chart is shown at, so its 11 px labels stay close to 11 px.
const BOX = { width: 340, height: 150, padTop: 8, padBottom: 22, padLeft: 0 };

function barClass(tone: ChartSeries['tone'], value: number): string {
  if (tone !== 'signed') return `chart-bar chart-bar--${tone}`;
  return `chart-bar chart-bar--${value < 0 ? 'negative' : 'positive'}`;
}

/** A small hand-drawn SVG of amounts per day; the figures themselves are in the report's table. */
export function DayBarChart(props: DayBarChartProps) {
  const { title, summary, days, series, currency, locale, dayLabel } = props;
  const layout = layoutBars(
    series.map((s) => s.values),
    BOX,
  );
  // Long periods label every few days so the labels never overlap.
  const every = Math.ceil(days.length / 10);
  const long = days.length > 7;
  return (
    <figure className="chart card">
      <figcaption className="chart__title">
        <span>{title}</span>
        <span className="chart__scale">
          {formatMoney(layout.min, currency, locale)} … {formatMoney(layout.max, currency, locale)}
        </span>
        {series.length > 1 && (
          <span className="chart__legend" aria-hidden="true">
            {series.map((s) => (
              <span key={s.label} className={`chart__key chart__key--${s.tone}`}>
                {s.label}
              </span>
            ))}
          </span>
        )}
      </figcaption>
      <svg
        className="chart__svg"
        viewBox={`0 0 ${BOX.width} ${BOX.height}`}
        role="img"
        aria-label={summary}
        preserveAspectRatio="xMidYMid meet"
      >
        <line
          className="chart__zero"
          x1={BOX.padLeft}
          x2={BOX.width}
          y1={layout.zeroY}
          y2={layout.zeroY}
        />
        {layout.bars
          .filter((bar) => bar.height > 0)
          .map((bar) => (
            <rect
              key={`${bar.series}-${bar.day}`}
              className={barClass(series[bar.series]!.tone, bar.value)}
              x={bar.x}
              y={bar.y}
              width={bar.width}
              height={bar.height}
              rx={1.5}
            />
          ))}
        {days.map((day, i) =>
          i % every === 0 ? (
            <text
              key={day}
              className="chart__day-label"
              x={layout.dayCentres[i]}
              y={BOX.height - 6}
              textAnchor="middle"
            >
              {formatDay(
                day,
                locale,
                dayLabel ?? (long ? { day: 'numeric' } : { weekday: 'short' }),
              )}
            </text>
          ) : null,
        )}
      </svg>
    </figure>
  );
}
