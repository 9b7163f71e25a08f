/** uPlot's axis text: 12 px system sans, a digit about 7 px wide, and a gap between labels. */
const CHAR_PX = 7.2;
const GAP_PX = 12;
/** The value axis' width (bar-chart.tsx `size`), not available to the labels. */
export const VALUE_AXIS_PX = 64;

/**
 * Every how many bars a label is shown, so none overlaps its neighbour at this width: 1 when all
 * fit, 2 for every other one… ("06/0913/09" at 1280 px had 12 weeks in 41 px each).
 */
export function labelStride(chartWidth: number, count: number, longestLabel: number): number {
  if (count <= 1) return 1;
  const perBar = Math.max(1, chartWidth - VALUE_AXIS_PX) / count;
  const needed = longestLabel * CHAR_PX + GAP_PX;
  return Math.max(1, Math.ceil(needed / perBar));
}
