import type { TaskStatusItem } from '@/contract';

/** What the console knows about one watched task after it has been checked at least once. */
export type TaskSnapshot = {
  /** The gateway's last answer; null when the gateway did not return this ID (not found). */
  item: TaskStatusItem | null;
  /** Local time of the last check that covered this ID. */
  checkedAt: number;
  /** Local time the status or progress last changed (or the first check). */
  changedAt: number;
  /** The result link if the answer is Finished with a safe http(s) URL; parsed once per answer, not per render. */
  downloadUrl: string | null;
  /** While Running, the progress values it was seen to reach and when, newest last (eta.ts): the evidence behind the ETA. */
  progressMarks?: readonly ProgressMark[];
  /** What was wrong with the gateway's last item for this task (the item keeps the last readable answer). */
  problem: string | null;
  /** The status this one went back from (e.g. Running, now Created: see odd-values.ts), until the status changes again. */
  wentBackFrom?: number;
};

/** A progress value first seen at `seenAt` (local time); the check at `after` still saw less, so it was reached in between. */
export type ProgressMark = { progress: number; after: number; seenAt: number };

export type Transition = { taskId: string; from: number | null; to: number; at: number };

/** The poller's data: every snapshot plus what the last cycle changed. */
export type TaskBoard = {
  tasks: ReadonlyMap<string, TaskSnapshot>;
  cycle: number;
  polledAt: number;
  /** IDs whose status or progress changed in the last cycle. */
  changed: ReadonlySet<string>;
  /** IDs whose status changed in the last cycle (a subset of changed): the rows that flash. */
  statusChanged: ReadonlySet<string>;
  /** Newest first, capped. */
  transitions: readonly Transition[];
  /** Status requests the last cycle sent. */
  requests: number;
  /** The poll query's errorUpdateCount when this board was made: failures in a row = errorUpdateCount − this. */
  errorsSeen: number;
  /** Set by "Refresh now": the next cycle asks for every task that is not terminal, not only the due ones. */
  refreshAll: boolean;
};

export const EMPTY_BOARD: TaskBoard = {
  tasks: new Map(),
  cycle: 0,
  polledAt: 0,
  changed: new Set(),
  statusChanged: new Set(),
  transitions: [],
  requests: 0,
  errorsSeen: 0,
  refreshAll: false,
};
