import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { labelStride, VALUE_AXIS_PX } from './label-stride';

export interface BarChartProps {
  /** One label per bar, shown under it. */
  labels: readonly string[];
  values: readonly number[];
  /** The value axis' text ("R$ 100", "3"). */
  formatValue: (value: number) => string;
  height?: number;
}

function cssColor(name: string, fallback: string): string {
  const value = getComputedStyle(document.documentElement).getPropertyValue(name).trim();
  return value || fallback;
}

/**
 * Bars drawn by uPlot (a kept charting library, ~20 KB gzip: docs/decisions/014). The canvas is
 * hidden from screen readers: every chart comes with the same figures in a table.
 */
export function BarChart({ labels, values, formatValue, height = 220 }: BarChartProps) {
  const container = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const element = container.current;
    if (!element) return;
    const xs = labels.map((_, index) => index);
    const max = Math.max(0, ...values);
    const color = cssColor('--primary', '#7c3aed');
    const muted = cssColor('--muted-foreground', '#64748b');
    const grid = cssColor('--border', '#e5e7eb');
    const shown = labels.map((label) => (label.length > 12 ? `${label.slice(0, 11)}…` : label));
    const longest = Math.max(1, ...shown.map((label) => label.length));
    const chart = new uPlot(
      {
        width: element.clientWidth,
        height,
        legend: { show: false },
        cursor: { show: false },
        scales: {
          x: { time: false, range: [-0.5, Math.max(labels.length - 0.5, 0.5)] },
          y: { range: [0, max > 0 ? max * 1.15 : 1] },
        },
        axes: [
          {
            stroke: muted,
            grid: { show: false },
            ticks: { show: false },
            splits: () => xs,
            // As many labels as fit the width without touching (re-read on every resize).
            values: (_chart, splits) => {
              const stride = labelStride(element.clientWidth, labels.length, longest);
              return splits.map((index) => (index % stride === 0 ? (shown[index] ?? '') : ''));
            },
          },
          {
            stroke: muted,
            grid: { stroke: grid, width: 1 },
            ticks: { show: false },
            size: VALUE_AXIS_PX,
            values: (_chart, splits) => splits.map((value) => formatValue(value)),
          },
        ],
        series: [
          {},
          {
            stroke: color,
            fill: color,
            width: 0,
            points: { show: false },
            paths: uPlot.paths.bars!({ size: [0.7, 48] }),
          },
        ],
      },
      [xs, [...values]],
      element,
    );
    const observer = new ResizeObserver(() =>
      chart.setSize({ width: element.clientWidth, height }),
    );
    observer.observe(element);
    return () => {
      observer.disconnect();
      chart.destroy();
    };
  }, [labels, values, formatValue, height]);

  return <div ref={container} aria-hidden="true" className="w-full overflow-hidden" />;
}
