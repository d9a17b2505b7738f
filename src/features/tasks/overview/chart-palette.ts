import type uPlot from 'uplot';
import { formatDateTime, type TimeSetting } from '@/i18n/format';
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
  return { stroke: text, font: AXIS_FONT, grid: { stroke: grid, width: 1 }, ticks: { stroke: grid, width: 1 } };
}

const AXIS_FONT = '12px system-ui, sans-serif';

/** A value axis as wide as its longest label: a fixed 44 px clipped "1,000" and beyond. */
export function fitLabels(self: uPlot, values: string[] | null): number {
  const longest = (values ?? []).reduce((a, v) => (v.length > a.length ? v : a), '');
  const { ctx } = self;
  ctx.save();
  ctx.font = AXIS_FONT;
  const width = ctx.measureText(longest).width;
  ctx.restore();
  // Tick (10 px), gap (5 px) and a little air.
  return Math.max(44, Math.ceil(width) + 20);
}

/** Clock labels for a time axis, in the UI's locale and the chosen zone (local or UTC): seconds only while the chart spans under 10 minutes. */
export function clockValues(locale: string, zone: TimeSetting['zone']) {
  return (u: uPlot, splits: number[]): string[] => {
    const span = (u.scales.x!.max ?? 0) - (u.scales.x!.min ?? 0);
    const opts: Intl.DateTimeFormatOptions =
      span < 600 ? { hour: '2-digit', minute: '2-digit', second: '2-digit' } : { hour: '2-digit', minute: '2-digit' };
    return splits.map((s) => formatDateTime(locale, s * 1000, zone, opts));
  };
}
