import { isKnownTaskStatus, TaskStatus, type TaskStatusCode } from '@/contract';
import { t, type MessageKey } from '@/i18n/i18n-store';
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

/**
 * A row's status as a message (`tasks` namespace): the six statuses and the states the console adds.
 * A Record, so a new code or group fails the typecheck until it has a label.
 */
export const STATUS_GROUP_KEY: Record<StatusGroup, MessageKey> = {
  1: 'tasks.statusGroup.created',
  2: 'tasks.statusGroup.queued',
  3: 'tasks.statusGroup.running',
  4: 'tasks.statusGroup.finished',
  5: 'tasks.statusGroup.failed',
  6: 'tasks.statusGroup.aborted',
  waiting: 'tasks.statusGroup.waiting',
  'not-found': 'tasks.statusGroup.notFound',
  unknown: 'tasks.statusGroup.unknown',
  invalid: 'tasks.statusGroup.invalid',
};

/**
 * A group's name in the current UI language. One argument (it is passed to `map`); a component that
 * shows it calls useT(), so it renders again on a switch of language.
 */
export function statusGroupName(group: StatusGroup): string {
  return t(STATUS_GROUP_KEY[group]);
}
