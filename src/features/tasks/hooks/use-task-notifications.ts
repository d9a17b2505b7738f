import { useEffect, useRef } from 'react';
import { TaskStatus } from '@/contract';
import type { TaskBoard } from '../model/task-snapshot';

/**
 * One browser notification per board in which watched tasks finished or failed (if enabled and
 * granted): the transitions since the last board, as a big cycle shows its answers in slices.
 */
export function useTaskNotifications(board: TaskBoard, enabled: boolean): void {
  const lastPolled = useRef(board.polledAt);
  useEffect(() => {
    const since = lastPolled.current;
    if (board.polledAt === since) return;
    lastPolled.current = board.polledAt;
    // The first board after start-up holds no transition of its own (only ones restored from the history).
    if (since === 0 || !enabled || typeof Notification === 'undefined' || Notification.permission !== 'granted') return;
    const fresh = board.transitions.filter((t) => t.at > since);
    const finished = fresh.filter((t) => t.to === TaskStatus.finished).length;
    const failed = fresh.filter((t) => t.to === TaskStatus.failed || t.to === TaskStatus.aborted).length;
    if (finished + failed === 0) return;
    const body = [finished && `${finished} finished`, failed && `${failed} failed or aborted`].filter(Boolean).join(' · ');
    new Notification('Service AI Console: tasks', { body, tag: 'task-transitions' });
  }, [board, enabled]);
}

export async function askNotificationPermission(): Promise<NotificationPermission | 'unsupported'> {
  if (typeof Notification === 'undefined') return 'unsupported';
  if (Notification.permission !== 'default') return Notification.permission;
  return Notification.requestPermission();
}
