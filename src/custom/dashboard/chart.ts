/**
 * The activity chart's arithmetic, kept apart from React so unit tests can check it: a y scale of whole numbers, the
 * bars of each day, which days get a date label, and the day labels themselves.
 */
import type { StatPoint } from '../../../contract/dashboard';

/** The chart's own coordinate box; the SVG scales it to the card's width. */
export const BOX = { width: 720, height: 220, left: 36, right: 8, top: 12, bottom: 28 };

/** The y axis: from 0 to `top` in steps of `step` (whole numbers: counts), about four steps. */
export function yScale(max: number): { top: number; step: number; ticks: number[] } {
  const raw = Math.max(max, 1) / 4;
  const magnitude = 10 ** Math.floor(Math.log10(raw));
  const step = Math.max(1, [1, 2, 5, 10].map((m) => m * magnitude).find((s) => s >= raw) ?? 10 * magnitude);
  const top = Math.max(step * Math.ceil(Math.max(max, 1) / step), step * 2);
  const ticks = Array.from({ length: top / step + 1 }, (_, i) => i * step);
  return { top, step, ticks };
}

/** Every how many days a date is written under the axis: at most 8 labels. */
export function labelEvery(days: number): number {
  return [1, 2, 5, 7, 10, 15, 30].find((step) => Math.ceil(days / step) <= 8) ?? Math.ceil(days / 8);
}

export interface Bar {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface DayGeometry {
  point: StatPoint;
  /** The day's slot (its hover target) and the x of its centre. */
  slot: Bar;
  center: number;
  posts: Bar;
  staff: Bar;
  /** Whether the date is written under this day. */
  labelled: boolean;
}

/** Two bars per day, side by side: items published, and staff who joined. */
export function layoutDays(series: readonly StatPoint[], top: number): DayGeometry[] {
  const plotWidth = BOX.width - BOX.left - BOX.right;
  const plotHeight = BOX.height - BOX.top - BOX.bottom;
  const baseline = BOX.top + plotHeight;
  const slotWidth = plotWidth / Math.max(series.length, 1);
  const barWidth = Math.max(1, (slotWidth * 0.76) / 2);
  const every = labelEvery(series.length);
  const last = series.length - 1;
  const bar = (x: number, value: number): Bar => {
    const height = (value / top) * plotHeight;
    return { x, y: baseline - height, width: barWidth, height };
  };
  return series.map((point, i) => {
    const x = BOX.left + i * slotWidth;
    const center = x + slotWidth / 2;
    return {
      point,
      slot: { x, y: BOX.top, width: slotWidth, height: plotHeight },
      center,
      posts: bar(center - barWidth, point.posts),
      staff: bar(center, point.staff),
      // Counted back from today, so the last label is always today's.
      labelled: (last - i) % every === 0,
    };
  });
}
