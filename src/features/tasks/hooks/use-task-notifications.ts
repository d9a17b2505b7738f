import { useEffect, useRef } from 'react';
import { outcomeOf } from '@/contract';
import { t } from '@/i18n/i18n-store';
import type { TaskBoard } from '../model/task-snapshot';

/** One browser notification per poll cycle in which watched tasks finished or failed (if enabled and granted). */
export function useTaskNotifications(board: TaskBoard, enabled: boolean): void {
  const lastCycle = useRef(board.cycle);
  useEffect(() => {
    if (board.cycle === lastCycle.current) return;
    lastCycle.current = board.cycle;
    if (!enabled || typeof Notification === 'undefined' || Notification.permission !== 'granted') return;
    const fresh = board.transitions.filter((x) => x.at === board.polledAt);
    const finished = fresh.filter((x) => outcomeOf(x.to) === 'result').length;
    const failed = fresh.filter((x) => outcomeOf(x.to) === 'failure').length;
    if (finished + failed === 0) return;
    // In the current language (`tasks` messages: loaded with the watch-list signals' chunk).
    const body = [
      finished && t('tasks.signals.notifyFinished', { count: finished }),
      failed && t('tasks.signals.notifyFailed', { count: failed }),
    ]
      .filter(Boolean)
      .join(t('tasks.signals.sep'));
    new Notification(t('tasks.signals.notifyTitle'), { body, tag: 'task-transitions' });
  }, [board, enabled]);
}

export async function askNotificationPermission(): Promise<NotificationPermission | 'unsupported'> {
  if (typeof Notification === 'undefined') return 'unsupported';
  if (Notification.permission !== 'default') return Notification.permission;
  return Notification.requestPermission();
}
