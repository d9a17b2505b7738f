import type uPlot from 'uplot';
import { cssColor } from './use-color-scheme';

/** Band colours from the theme's tokens (the same ones the status chips use), read when a chart is made. */
export function bandColors(): Record<string, string> {
  return {
    finished: cssColor('--ok', '#1d7a3a'),
    failed: cssColor('--error', '#b3261e'),
    aborted: cssColor('--warn', '#8a5a00'),
    running: cssColor('--info', '#1f5fa8'),
    queued: '#7c5cc4',
    created: '#6b7280',
    other: cssColor('--border', '#d5d9e0'),
  };
}

/** The theme's axis style (labels muted, grid and ticks in the border colour), read when a chart is made. */
export function axisStyle(): uPlot.Axis {
  const text = cssColor('--muted', '#555d6b');
  const grid = cssColor('--border', '#d5d9e0');
  return { stroke: text, grid: { stroke: grid, width: 1 }, ticks: { stroke: grid, width: 1 } };
}

/** Clock labels for a time axis: seconds only while the chart spans under 10 minutes. */
export function clockValues(u: uPlot, splits: number[]): string[] {
  const span = (u.scales.x!.max ?? 0) - (u.scales.x!.min ?? 0);
  const opts: Intl.DateTimeFormatOptions =
    span < 600 ? { hour: '2-digit', minute: '2-digit', second: '2-digit' } : { hour: '2-digit', minute: '2-digit' };
  return splits.map((s) => new Date(s * 1000).toLocaleTimeString([], opts));
}
