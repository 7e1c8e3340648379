/**
 * The activity chart's arithmetic, kept apart from React so unit tests can check it: a y scale of whole numbers, the
 * bars of each day, which days get a date label, and the day labels themselves.
 */
import type { StatPoint } from '../../../contract/dashboard';

/** The chart's own coordinate box; the SVG scales it to the card's width. */
export const BOX = { width: 720, height: 220, left: 36, right: 8, top: 12, bottom: 28 };
/** With the shop's figures: room on the right for the revenue axis (NT$). */
export const SHOP_BOX = { ...BOX, right: 64 };
export type ChartBox = typeof BOX;

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
  /** The shop's points (orders on the count axis, revenue on its own), when the series has them. */
  orders?: Point;
  revenue?: Point;
}

export interface Point {
  x: number;
  y: number;
}

/** An SVG polyline's `points`. */
export const polyline = (points: readonly Point[]): string => points.map((p) => `${p.x},${p.y}`).join(' ');

/** The box a series is drawn in: wider on the right when it carries the shop's revenue. */
export const boxOf = (series: readonly StatPoint[]): ChartBox =>
  series.some((p) => p.revenue !== undefined) ? SHOP_BOX : BOX;

/**
 * Two bars per day, side by side: items published, and staff who joined; with the shop's figures, a point of orders
 * (on the same count axis, `top`) and one of revenue (on its own axis up to `revenueTop`) at the day's centre.
 */
export function layoutDays(series: readonly StatPoint[], top: number, revenueTop = 1): DayGeometry[] {
  const box = boxOf(series);
  const plotWidth = box.width - box.left - box.right;
  const plotHeight = box.height - box.top - box.bottom;
  const baseline = box.top + plotHeight;
  const slotWidth = plotWidth / Math.max(series.length, 1);
  const barWidth = Math.max(1, (slotWidth * 0.76) / 2);
  const every = labelEvery(series.length);
  const last = series.length - 1;
  const bar = (x: number, value: number): Bar => {
    const height = (value / top) * plotHeight;
    return { x, y: baseline - height, width: barWidth, height };
  };
  const at = (x: number, value: number, max: number): Point => ({
    x,
    y: baseline - (value / max) * plotHeight,
  });
  return series.map((point, i) => {
    const x = box.left + i * slotWidth;
    const center = x + slotWidth / 2;
    return {
      point,
      slot: { x, y: box.top, width: slotWidth, height: plotHeight },
      center,
      posts: bar(center - barWidth, point.posts),
      staff: bar(center, point.staff),
      // Counted back from today, so the last label is always today's.
      labelled: (last - i) % every === 0,
      ...(point.orders !== undefined ? { orders: at(center, point.orders, top) } : {}),
      ...(point.revenue !== undefined ? { revenue: at(center, point.revenue, revenueTop) } : {}),
    };
  });
}
