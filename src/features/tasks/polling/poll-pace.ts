import type { Translate } from '@/i18n/i18n-store';
import { recheckAfter } from './poll-schedule';

/** The watched tasks that are still checked, by the pace poll-schedule.ts gives them. */
export type WaitingCounts = { live: number; notFound: number; awaitingUrl: number };

/**
 * What the poller actually has scheduled, in words (the "Checking every…" line): the interval only while a task is
 * live; when only slower ones are left, their own pace from poll-schedule.ts (never a pace that is not happening).
 * `duration` writes a span of time for the locale (useFormat().duration).
 */
export function scheduledPace(
  { live, notFound, awaitingUrl }: WaitingCounts,
  intervalMs: number,
  t: Translate,
  duration: (ms: number) => string,
): string {
  if (live + notFound + awaitingUrl === 0) return t('tasks.poll.idle');
  if (intervalMs <= 0) return t('tasks.poll.paused');
  if (live > 0) return t('tasks.poll.pace', { interval: duration(intervalMs) });
  const every = (phase: 'not-found' | 'awaiting-url') => duration(recheckAfter(phase, intervalMs)!);
  if (awaitingUrl === 0) return t('tasks.poll.onlyNotFound', { every: every('not-found') });
  if (notFound === 0) return t('tasks.poll.onlyNoLink', { every: every('awaiting-url') });
  return t('tasks.poll.both', { notFound: every('not-found'), noLink: every('awaiting-url') });
}
