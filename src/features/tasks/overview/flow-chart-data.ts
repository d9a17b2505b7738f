import type uPlot from 'uplot';
import { FLOW_BANDS, type FlowSample, unwatchedPeriods, watchedGapMs } from '../history';

const TABLE_ROWS = 12;
/** The band of tasks with no status (not checked, not found, unknown): the last. */
const OTHER_BAND = FLOW_BANDS.length - 1;

/** Something to draw: a sample in which some watched task has a status (a chart of only unanswered tasks looked empty, scaled to their number). */
export function flowHasData(flow: readonly FlowSample[]): boolean {
  return flow.some((s) => s.counts.some((n, band) => band !== OTHER_BAND && n > 0));
}

type Row = { at: number; counts: readonly number[] | null };

/**
 * Each band drawn as the sum of itself and every band below, topmost first, so later fills stack on earlier ones.
 * A gap (the console was not watching) is a null in every band, which uPlot leaves blank (spanGaps off): no slope.
 */
export function stackedData(samples: readonly FlowSample[], now: number, intervalMs: number): uPlot.AlignedData {
  const rows: Row[] = [];
  samples.forEach((s, i) => {
    if (s.afterGap && i > 0) rows.push({ at: samples[i - 1]!.at + 1, counts: null });
    rows.push(s);
  });
  // The last counts hold until now while watched: a batch first seen already done is one sample, and a single point
  // draws no area. Not watched since (a history loaded before the
  // first answer, polling paused): blank up to now.
  const last = samples[samples.length - 1];
  if (last && now > last.at) rows.push({ at: now, counts: now - last.at <= watchedGapMs(intervalMs, last.counts) ? last.counts : null });
  // The first sample before the clock's next step (now is floored to it): a point alone gets a day-wide time axis from
  // uPlot, labelled "12:00 AM" over and over. The same counts a millisecond on keep the axis on the sample's minute.
  else if (last && rows.length === 1) rows.push({ at: last.at + 1, counts: last.counts });
  const xs = rows.map((r) => r.at / 1000);
  const tops = FLOW_BANDS.map((_, band) =>
    rows.map((r) => (r.counts ? r.counts.slice(0, band + 1).reduce((a, b) => a + b, 0) : null)),
  ).reverse();
  return [xs, ...tops];
}

export type FlowTableRow = { kind: 'sample'; sample: FlowSample } | { kind: 'unwatched'; from: number; to: number };

/** The chart's text alternative: a dozen evenly spread samples (the last always included) and every period not watched, in time order. */
export function flowTableRows(flow: readonly FlowSample[], now: number, intervalMs: number): FlowTableRow[] {
  const step = (flow.length - 1) / (TABLE_ROWS - 1);
  const samples = flow.length <= TABLE_ROWS ? flow : Array.from({ length: TABLE_ROWS }, (_, i) => flow[Math.round(i * step)]!);
  const rows: FlowTableRow[] = [
    ...samples.map((sample) => ({ kind: 'sample' as const, sample })),
    ...unwatchedPeriods(flow, now, intervalMs).map((p) => ({ kind: 'unwatched' as const, ...p })),
  ];
  // A gap goes after the sample it starts at and before the one it ends at.
  const at = (r: FlowTableRow) => (r.kind === 'sample' ? r.sample.at : r.from + 0.5);
  return rows.sort((a, b) => at(a) - at(b));
}
