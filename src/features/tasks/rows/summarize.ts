import type { StatusGroup } from '../task';
import type { WatchedTask } from './task-rows';

export type Summary = { total: number; counts: ReadonlyMap<StatusGroup, number>; live: number };

export function summarize(rows: readonly WatchedTask[]): Summary {
  const counts = new Map<StatusGroup, number>();
  for (const r of rows) counts.set(r.group, (counts.get(r.group) ?? 0) + 1);
  return summaryOf(rows.length, counts);
}

/** The summary of `total` tasks counted per status group. */
export function summaryOf(total: number, counts: ReadonlyMap<StatusGroup, number>): Summary {
  // A status outside 1–6 keeps being polled (see task-phase.ts), so it counts as live.
  const live =
    (counts.get(1) ?? 0) +
    (counts.get(2) ?? 0) +
    (counts.get(3) ?? 0) +
    (counts.get('waiting') ?? 0) +
    (counts.get('unknown') ?? 0) +
    (counts.get('invalid') ?? 0);
  return { total, counts, live };
}
