import { formatDuration } from '@/lib/format-time';
import { recheckAfter } from './poll-schedule';

/** The watched tasks that are still checked, by the pace poll-schedule.ts gives them. */
export type WaitingCounts = { live: number; notFound: number; awaitingUrl: number };

/**
 * What the poller actually has scheduled, in words (the "Checking every…" line): the interval only while a task is
 * live; when only slower ones are left, their own pace from poll-schedule.ts (never a pace that is not happening).
 */
export function scheduledPace({ live, notFound, awaitingUrl }: WaitingCounts, intervalMs: number): string {
  if (live + notFound + awaitingUrl === 0) return 'Nothing live: no requests are sent';
  if (intervalMs <= 0) return 'Automatic checks are off';
  if (live > 0) return `Checking every ${intervalMs / 1000} s`;
  const every = (phase: 'not-found' | 'awaiting-url') => formatDuration(recheckAfter(phase, intervalMs)!);
  const noLink = 'finished tasks without a usable result link';
  if (awaitingUrl === 0) return `Only not-found tasks left: re-checking every ${every('not-found')}`;
  if (notFound === 0) return `Only ${noLink} left: re-checking every ${every('awaiting-url')}`;
  return `Only not-found tasks (re-checked every ${every('not-found')}) and ${noLink} (every ${every('awaiting-url')}) left`;
}
