import { t } from '@/i18n/i18n-store';
import type { StatusGroup } from './status-group';
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

/** Counts for the tab title in the current UI language, e.g. "(3 live · 2/5 done · 1 failed · 1 aborted) "; empty without tasks. */
export function tabTitlePrefix(summary: Summary): string {
  if (summary.total === 0) return '';
  const done = summary.counts.get(4) ?? 0;
  const { live, total } = summary;
  const parts = [live > 0 ? t('tasks.tabTitle.live', { live, done, total }) : t('tasks.tabTitle.allDone', { done, total })];
  const failed = summary.counts.get(5);
  const aborted = summary.counts.get(6);
  if (failed) parts.push(t('tasks.progressLine.failed', { count: failed }));
  if (aborted) parts.push(t('tasks.progressLine.aborted', { count: aborted }));
  return `(${parts.join(' · ')}) `;
}
