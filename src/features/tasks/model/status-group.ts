import { isKnownTaskStatus, TaskStatus, type TaskStatusCode } from '@/contract';
import { taskStatusLabel } from '@/i18n/labels/task-labels';
import type { TaskSnapshot } from './task-snapshot';

/** What a row's status column shows: the six statuses, plus states the console adds. */
export type StatusGroup = TaskStatusCode | 'waiting' | 'not-found' | 'unknown' | 'invalid';

export const STATUS_GROUPS: readonly StatusGroup[] = [...Object.values(TaskStatus), 'not-found', 'waiting'];

export function statusGroupOf(snapshot: TaskSnapshot | undefined): StatusGroup {
  if (!snapshot) return 'waiting';
  if (snapshot.problem) return 'invalid';
  if (!snapshot.item) return 'not-found';
  return isKnownTaskStatus(snapshot.item.taskStatus) ? snapshot.item.taskStatus : 'unknown';
}

export function statusGroupName(group: StatusGroup): string {
  if (group === 'waiting') return 'Not checked yet';
  if (group === 'not-found') return 'Not found';
  if (group === 'unknown') return 'Unknown status';
  if (group === 'invalid') return 'Unreadable answer';
  return taskStatusLabel(group);
}

/** Sort order: what needs attention first. */
export const STATUS_GROUP_RANK: Record<StatusGroup, number> = {
  5: 0,
  6: 1,
  'not-found': 2,
  unknown: 3,
  invalid: 3,
  3: 4,
  2: 5,
  1: 6,
  waiting: 7,
  4: 8,
};
