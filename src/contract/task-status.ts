import { TASK_ID_PREFIX } from './limits';

// Codes and rules of section 3 without zod: the console's first screen reads them. The wire
// schemas of Operation A are in task-status-schema.ts, loaded with the gateway calls.

/** taskStatus values of section 3. */
export const TaskStatus = {
  created: 1,
  queued: 2,
  running: 3,
  finished: 4,
  failed: 5,
  aborted: 6,
} as const;
export type TaskStatusCode = (typeof TaskStatus)[keyof typeof TaskStatus];

/**
 * How a status ends a task, by the rules of section 3: not yet (open), with a result (4: it can be
 * downloaded), or with a failure (5, 6: failure messaging and a retry strategy by errorCode). A
 * status added to TaskStatus fails the typecheck here until it is placed.
 */
export type TaskOutcome = 'open' | 'result' | 'failure';
export const taskStatusOutcome: Record<TaskStatusCode, TaskOutcome> = {
  1: 'open',
  2: 'open',
  3: 'open',
  4: 'result',
  5: 'failure',
  6: 'failure',
};

/** The outcome of a status code, or null for a code the spec does not list. */
export function outcomeOf(value: number | null | undefined): TaskOutcome | null {
  return value != null && isKnownTaskStatus(value) ? taskStatusOutcome[value] : null;
}

/**
 * One of the statuses of section 3 (the keys of taskStatusOutcome, so a new status is known once
 * placed). The contract holds codes only; the console's words for them are in src/i18n/labels.
 */
export function isKnownTaskStatus(value: number): value is TaskStatusCode {
  return Object.hasOwn(taskStatusOutcome, value);
}

export function hasTaskIdPrefix(id: string): boolean {
  return id.startsWith(TASK_ID_PREFIX) && id.length > TASK_ID_PREFIX.length;
}
