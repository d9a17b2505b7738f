import type uPlot from 'uplot';
import { fitLabels } from './chart-palette';

/** Steps between the ticks of a count axis: 1, 2, 5, 10, 20, 50… (uPlot's own steps include 0.25 and 2.5: a quarter task). */
const COUNT_INCRS = Array.from({ length: 30 }, (_, i) => [1, 2, 5][i % 3]! * 10 ** Math.floor(i / 3));

/** The ticks from min to max at the first whole step at least as wide as the one uPlot found room for. */
function countSplits(min: number, max: number, foundIncr: number): number[] {
  const step = COUNT_INCRS.find((incr) => incr >= foundIncr) ?? COUNT_INCRS[COUNT_INCRS.length - 1]!;
  const ticks: number[] = [];
  for (let tick = Math.ceil(min / step) * step; tick <= max; tick += step) ticks.push(tick);
  return ticks;
}

/** The scale of an axis of task counts: from 0 to the largest count (a whole number, so the top is a tick), at least 1. */
export const countRange: uPlot.Range.Function = (_u, _min, max) => [0, Math.max(1, Math.ceil(max ?? 0))];

/** An axis of task counts in the theme's style, as wide as its longest label, ticking at whole numbers only. */
export function countAxis(style: uPlot.Axis): uPlot.Axis {
  return { ...style, size: fitLabels, incrs: COUNT_INCRS, splits: (_u, _axis, min, max, foundIncr) => countSplits(min, max, foundIncr) };
}
