import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { useTheme } from '../../app/theme-provider';
import { formatDateWith, formatNumber } from '../../lib/format';

export interface ChartSeries {
  label: string;
  /** Colours chosen to keep 3:1 against the surface in each theme and to stay apart for colour-blind eyes. */
  color: { light: string; dark: string };
  values: number[];
}

/** True where a canvas can draw (not in jsdom): elsewhere only the table beside the chart is shown. */
function canDraw(): boolean {
  try {
    return document.createElement('canvas').getContext('2d') !== null;
  } catch {
    return false;
  }
}

const dayLabel = (seconds: number) =>
  formatDateWith(seconds * 1000, { month: 'short', day: 'numeric', timeZone: 'UTC' });

/**
 * Stacked daily bars drawn by uPlot (loaded with the dashboard only). Each series is drawn as the
 * running total up to it, last series first, so the bars stack. Screen readers get the same figures
 * from the table the dashboard renders beside it.
 */
export default function StackedBarChart({ days, series }: { days: string[]; series: ChartSeries[] }) {
  const host = useRef<HTMLDivElement>(null);
  const { resolvedTheme } = useTheme();

  useEffect(() => {
    const element = host.current;
    if (!element || !canDraw()) return;
    const styles = getComputedStyle(document.documentElement);
    const muted = styles.getPropertyValue('--fg-muted').trim() || '#888';
    const grid = styles.getPropertyValue('--line').trim() || 'rgba(128,128,128,0.2)';
    const xs = days.map((day) => Date.parse(`${day}T00:00:00Z`) / 1000);
    const stacked: number[][] = [];
    series.forEach((entry, index) => {
      stacked.push(
        entry.values.map((value, day) => value + (index > 0 ? (stacked[index - 1]?.[day] ?? 0) : 0)),
      );
    });
    const order = [...series.keys()].reverse();
    const bars = uPlot.paths.bars?.({ size: [0.7, 28], gap: 1 });
    const plot = new uPlot(
      {
        width: element.clientWidth || 600,
        height: 220,
        tzDate: (seconds) => uPlot.tzDate(new Date(seconds * 1000), 'Etc/UTC'),
        cursor: { points: { show: false }, drag: { x: false, y: false } },
        // The dashboard draws its own legend (translated, in the series' order).
        legend: { show: false },
        scales: {
          // Half a day either side, so the first and last bars are whole.
          x: { time: true, range: (_self, min, max) => [min - 43_200, max + 43_200] },
          y: { range: (_self, _min, max) => [0, Math.max(4, max * 1.1)] },
        },
        axes: [
          {
            stroke: muted,
            grid: { show: false },
            ticks: { stroke: grid },
            values: (_self, ticks) => ticks.map(dayLabel),
          },
          {
            stroke: muted,
            grid: { stroke: grid },
            ticks: { stroke: grid },
            size: 44,
            values: (_self, ticks) => ticks.map((tick) => (Number.isInteger(tick) ? formatNumber(tick) : '')),
          },
        ],
        series: [
          {},
          ...order.map((index) => {
            const entry = series[index];
            const color = entry ? entry.color[resolvedTheme] : muted;
            return {
              label: entry?.label ?? '',
              stroke: color,
              fill: color,
              width: 0,
              paths: bars,
              points: { show: false },
            };
          }),
        ],
      },
      [xs, ...order.map((index) => stacked[index] ?? [])],
      element,
    );
    const resize = new ResizeObserver(() => plot.setSize({ width: element.clientWidth, height: 220 }));
    resize.observe(element);
    return () => {
      resize.disconnect();
      plot.destroy();
    };
  }, [days, series, resolvedTheme]);

  return <div ref={host} aria-hidden className="kaleido-chart min-h-[220px] w-full text-fg" />;
}
