import type { MessageKey } from '@/i18n/i18n-store';
import type { StatusGroup } from './status-group';

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
