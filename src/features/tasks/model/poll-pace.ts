import { getLocale, t } from '@/i18n/i18n-store';
import { formatDuration } from '@/i18n/format';
import { recheckAfter } from './poll-schedule';

/** The watched tasks that are still checked, by the pace poll-schedule.ts gives them. */
export type WaitingCounts = { live: number; notFound: number; awaitingUrl: number };

/**
 * What the poller actually has scheduled, in words, in the current UI language (the "Checking every…" line): the interval only while a task is
 * live; when only slower ones are left, their own pace from poll-schedule.ts (never a pace that is not happening).
 */
export function scheduledPace({ live, notFound, awaitingUrl }: WaitingCounts, intervalMs: number): string {
  if (live + notFound + awaitingUrl === 0) return t('tasks.pace.nothing');
  if (intervalMs <= 0) return t('tasks.pace.off');
  if (live > 0) return t('tasks.pace.every', { seconds: intervalMs / 1000 });
  const every = (phase: 'not-found' | 'awaiting-url') => formatDuration(getLocale(), recheckAfter(phase, intervalMs)!);
  if (awaitingUrl === 0) return t('tasks.pace.notFound', { every: every('not-found') });
  if (notFound === 0) return t('tasks.pace.noLink', { every: every('awaiting-url') });
  return t('tasks.pace.both', { notFound: every('not-found'), noLink: every('awaiting-url') });
}
