import { t } from '@/i18n/i18n-store';
import type { Summary } from '../rows';

// Apart from summarize.ts (first visit): only the watch list's signals chunk writes the tab title.
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
