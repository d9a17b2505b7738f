import { useEffect, useRef } from 'react';
import { outcomeOf } from '@/contract';
import type { TaskBoard } from '../model/task-snapshot';

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
    const body = [finished && `${finished} finished`, failed && `${failed} failed or aborted`].filter(Boolean).join(' · ');
    new Notification('Service AI Console: tasks', { body, tag: 'task-transitions' });
  }, [board, enabled]);
}

export async function askNotificationPermission(): Promise<NotificationPermission | 'unsupported'> {
  if (typeof Notification === 'undefined') return 'unsupported';
  if (Notification.permission !== 'default') return Notification.permission;
  return Notification.requestPermission();
}
