import { FAILED_TASK_ERROR_CODES, TaskErrorCode, TaskStatus, type TaskStatusCode } from '#contract';
import type { TaskRecord } from './task-record';

export type TaskState = { taskStatus: TaskStatusCode; taskProgress: number; errorCode: number; updateTime: number };
type Ending = { status: TaskStatusCode; atMs: number; errorCode: number };

// Phase boundaries as fractions of durationMs: Created, then Queued, then Running to the end.
const QUEUED_FROM = 0.05;
const RUNNING_FROM = 0.15;

/** A 32-bit integer hash (murmur3 finalizer): every per-task choice derives from the seed. */
function mix(seed: number, salt: number): number {
  let h = (seed ^ Math.imul(salt + 1, 0x9e3779b1)) >>> 0;
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b) >>> 0;
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35) >>> 0;
  return (h ^ (h >>> 16)) >>> 0;
}
const fraction = (seed: number, salt: number) => mix(seed, salt) / 2 ** 32;

/** 'mixed' resolves per task: about 80% finished, 12% failed, 8% aborted. */
export function resolveOutcome(record: TaskRecord): 'finished' | 'failed' | 'aborted' {
  if (record.outcome !== 'mixed') return record.outcome;
  const roll = mix(record.seed, 0) % 100;
  return roll < 80 ? 'finished' : roll < 92 ? 'failed' : 'aborted';
}

function phases(durationMs: number) {
  const queuedAt = Math.round(durationMs * QUEUED_FROM);
  const runningAt = Math.max(queuedAt, Math.round(durationMs * RUNNING_FROM));
  return { queuedAt, runningAt, runLen: Math.max(1, durationMs - runningAt) };
}

function endingOf(record: TaskRecord): Ending {
  const d = record.durationMs;
  const { runningAt, runLen } = phases(d);
  switch (resolveOutcome(record)) {
    case 'finished':
      return { status: TaskStatus.finished, atMs: d, errorCode: TaskErrorCode.none };
    case 'failed': {
      const code = FAILED_TASK_ERROR_CODES[mix(record.seed, 2) % FAILED_TASK_ERROR_CODES.length]!;
      return { status: TaskStatus.failed, atMs: runningAt + Math.floor(runLen * (0.3 + 0.6 * fraction(record.seed, 1))), errorCode: code };
    }
    case 'aborted':
      return {
        status: TaskStatus.aborted,
        atMs: Math.floor(d * (0.1 + 0.8 * fraction(record.seed, 3))),
        errorCode: TaskErrorCode.abortedByOperator,
      };
  }
}

/** Progress 0..99 while running, and the offset at which that value was first reached. */
function runningProgress(elapsed: number, durationMs: number): { progress: number; sinceMs: number } {
  const { runningAt, runLen } = phases(durationMs);
  if (elapsed < runningAt) return { progress: 0, sinceMs: runningAt };
  const progress = Math.min(99, Math.floor((99 * (elapsed - runningAt)) / runLen));
  return { progress, sinceMs: runningAt + Math.ceil((progress * runLen) / 99) };
}

/** When the task's state stops changing: from then on taskStateAt answers the same whatever the clock. */
export function settledAt(record: TaskRecord): number {
  return record.createdAt + endingOf(record).atMs;
}

/** The task's state at `nowMs`: a pure function, so only creation records need persisting. */
export function taskStateAt(record: TaskRecord, nowMs: number): TaskState {
  const elapsed = Math.max(0, Math.floor(nowMs) - record.createdAt);
  const ending = endingOf(record);
  if (elapsed >= ending.atMs) {
    const taskProgress = ending.status === TaskStatus.finished ? 100 : runningProgress(ending.atMs, record.durationMs).progress;
    return { taskStatus: ending.status, taskProgress, errorCode: ending.errorCode, updateTime: record.createdAt + ending.atMs };
  }
  const { queuedAt, runningAt } = phases(record.durationMs);
  if (elapsed < queuedAt) return state(TaskStatus.created, 0, record.createdAt);
  if (elapsed < runningAt) return state(TaskStatus.queued, 0, record.createdAt + queuedAt);
  const { progress, sinceMs } = runningProgress(elapsed, record.durationMs);
  return state(TaskStatus.running, progress, record.createdAt + sinceMs);
}

const state = (taskStatus: TaskStatusCode, taskProgress: number, updateTime: number): TaskState => ({
  taskStatus,
  taskProgress,
  errorCode: TaskErrorCode.none,
  updateTime,
});

/**
 * The first clock reading (whole ms) at which the task's state may differ from its state at
 * nowMs, or Infinity once settled: taskStateAt answers the same for every reading before it.
 */
export function nextChangeAt(record: TaskRecord, nowMs: number): number {
  const elapsed = Math.max(0, Math.floor(nowMs) - record.createdAt);
  const ending = endingOf(record);
  if (elapsed >= ending.atMs) return Infinity;
  const { queuedAt, runningAt, runLen } = phases(record.durationMs);
  let next: number;
  if (elapsed < queuedAt) next = queuedAt;
  else if (elapsed < runningAt) next = runningAt;
  else {
    const { progress } = runningProgress(elapsed, record.durationMs);
    next = progress >= 99 ? Infinity : runningAt + Math.ceil(((progress + 1) * runLen) / 99);
    // Rounding must never make it late: if the progress has moved by then, say "the next ms".
    if (next !== Infinity && runningProgress(next - 1, record.durationMs).progress !== progress) next = elapsed + 1;
  }
  return record.createdAt + Math.min(next, ending.atMs);
}
