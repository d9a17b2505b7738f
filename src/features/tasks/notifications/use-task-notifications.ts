import { useEffect, useRef } from 'react';
import { outcomeOf } from '@/contract';
import { t } from '@/i18n/i18n-store';
import type { TaskBoard } from '../task';

/** One browser notification per poll cycle in which watched tasks finished or failed (if enabled and granted). */
export function useTaskNotifications(board: TaskBoard, enabled: boolean): void {
  const lastCycle = useRef(board.cycle);
  useEffect(() => {
    if (board.cycle === lastCycle.current) return;
    lastCycle.current = board.cycle;
    if (!enabled || typeof Notification === 'undefined' || Notification.permission !== 'granted') return;
    const fresh = board.transitions.filter((t) => t.at === board.polledAt);
    const finished = fresh.filter((t) => outcomeOf(t.to) === 'result').length;
    const failed = fresh.filter((t) => outcomeOf(t.to) === 'failure').length;
    if (finished + failed === 0) return;
    const parts = [finished && t('tasks.notify.finished', { count: finished }), failed && t('tasks.notify.failed', { count: failed })];
    const body = parts.filter(Boolean).join(' · ');
    new Notification(t('tasks.notify.title'), { body, tag: 'task-transitions' });
  }, [board, enabled]);
}

export async function askNotificationPermission(): Promise<NotificationPermission | 'unsupported'> {
  if (typeof Notification === 'undefined') return 'unsupported';
  if (Notification.permission !== 'default') return Notification.permission;
  return Notification.requestPermission();
}
