/**
 * The arithmetic of a form's numbers page (issue 36 item 2), pure: conversion (subscribed ÷ shown), its text, the
 * totals of some days, and the chart's bars in the SVG's own units.
 */
import type { DayCounts } from '../owner-api';

/** Subscribed ÷ shown; null when nothing was shown (there is no rate to give). */
export const conversion = (shown: number, subscribed: number): number | null => (shown > 0 ? subscribed / shown : null);

/** A conversion as a percent with one decimal ('12.5%'); 'none shown' when there is none. */
export const percent = (c: number | null): string => (c === null ? 'none shown' : `${(c * 100).toFixed(1)}%`);

/** The sums of `days`. */
export const totals = (days: DayCounts[]): Omit<DayCounts, 'date'> =>
  days.reduce(
    (t, d) => ({
      shown: t.shown + d.shown,
      closed: t.closed + d.closed,
      subscribed: t.subscribed + d.subscribed,
      confirmed: t.confirmed + d.confirmed,
    }),
    { shown: 0, closed: 0, subscribed: 0, confirmed: 0 },
  );

/** The chart's size in its own units (the SVG scales to its box). */
export const CHART = { width: 600, height: 200, top: 16, bottom: 24 };

/** One day's two bars: their left edge and width, and each one's top (y) and height, in chart units. */
export interface Bars {
  date: string;
  x: number;
  width: number;
  shown: { y: number; height: number };
  subscribed: { y: number; height: number };
}

/**
 * The bars of `days`, left to right, scaled so the largest shown (or subscribed) fills the plot's height; the
 * subscribed bar sits inside the shown one, narrower. All zero: bars of no height.
 */
export const bars = (days: DayCounts[]): { max: number; bars: Bars[] } => {
  const max = Math.max(0, ...days.map((d) => Math.max(d.shown, d.subscribed)));
  const plot = CHART.height - CHART.top - CHART.bottom;
  const base = CHART.height - CHART.bottom;
  const slot = CHART.width / Math.max(1, days.length);
  const h = (n: number) => (max ? (n / max) * plot : 0);
  return {
    max,
    bars: days.map((d, i) => ({
      date: d.date,
      x: i * slot + slot * 0.1,
      width: slot * 0.8,
      shown: { y: base - h(d.shown), height: h(d.shown) },
      subscribed: { y: base - h(d.subscribed), height: h(d.subscribed) },
    })),
  };
};
