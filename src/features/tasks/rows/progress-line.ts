import { t, type MessageKey } from '@/i18n/i18n-store';
import type { StatusGroup } from '../task';
import type { Summary } from './summarize';

const EXTRA: [StatusGroup, MessageKey][] = [
  [5, 'tasks.progressLine.failed'],
  [6, 'tasks.progressLine.aborted'],
  ['not-found', 'tasks.progressLine.notFound'],
  ['unknown', 'tasks.progressLine.unknown'],
  ['invalid', 'tasks.progressLine.invalid'],
];

// Apart from summarize.ts: only the board (its own chunk) shows it.
/** "312 of 400 finished · 6 failed · 2 aborted", in the current UI language. */
export function progressLine({ total, counts }: Summary): string {
  const parts = [t('tasks.progressLine.finished', { finished: counts.get(4) ?? 0, total })];
  for (const [group, key] of EXTRA) {
    const count = counts.get(group);
    if (count) parts.push(t(key, { count }));
  }
  return parts.join(' · ');
}
