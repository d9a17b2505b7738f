import { outcomeOf, TaskStatus } from '@/contract';
import { joinMarks, type TaskBoard, type TaskSnapshot, type Transition } from '../task';
import { recordDelta, writableTasks } from '../rows';
import {
  CHANGE_FIELDS,
  changeNumbers,
  firstRecord,
  firstSeenOf,
  lastStatus,
  SAMPLE_FIELDS,
  sampleNumbers,
  type TaskRecord,
} from './task-record';

/** Progress samples kept per task; past this they are halved (every other one kept), so a task's record stays small. */
export const MAX_SAMPLES_PER_TASK = 32;
/** Status changes kept per task (a task has at most a handful; this only guards against a flapping gateway). */
const MAX_CHANGES_PER_TASK = 24;
const MAX_FEED = 50;

/** Halve a series, keeping its first and last points: repeated, it bounds a series of any length. */
export function halve<T>(points: readonly T[]): T[] {
  return points.filter((_, i) => i % 2 === 0 || i === points.length - 1);
}

/** halve() for points of `width` numbers each in a flat array, writing the kept points to its front. */
function halveInPlace(numbers: number[], width: number): void {
  const n = numbers.length / width;
  let kept = 0;
  for (let i = 0; i < n; i++) {
    if (i % 2 !== 0 && i !== n - 1) continue;
    for (let k = 0; k < width; k++) numbers[kept * width + k] = numbers[i * width + k]!;
    kept++;
  }
  numbers.length = kept * width;
}

/** A status that ends a task (Finished, Failed, Aborted: an outcome other than open). */
export const isEnd = (status: number | null | undefined): boolean => {
  const outcome = outcomeOf(status);
  return outcome !== null && outcome !== 'open';
};

/**
 * When a task seen live at `lastSeen` and ended by `seenEnded` ended: the gateway's updateTime, kept
 * between the two (a gateway clock that is off moves it no further). Seen live a cycle ago, that is
 * within a cycle either way; opened again hours later, it is when the task really ended, not when the
 * console happened to look.
 */
function endedAt(updateTime: number | undefined, lastSeen: number, seenEnded: number): number {
  const at = Number.isFinite(updateTime) ? updateTime! : seenEnded;
  return Math.min(seenEnded, Math.max(lastSeen, at));
}

/**
 * Whether `snapshot` tells the record anything its history lacks: another status, a progress not sampled last, or (a
 * record as first seen, whose one change is its snapshot's) another time of that change. A page opened again answers
 * every task as it was stored: none of that is news, to keep or to write again.
 */
export function tellsNews(record: TaskRecord, snapshot: TaskSnapshot): boolean {
  if (record.snapshot === snapshot) return false;
  if (lastStatus(record) !== (snapshot.item?.taskStatus ?? null)) return true;
  if (!record.changes && snapshot.changedAt !== record.snapshot.changedAt) return true;
  if (!snapshot.item) return false;
  const samples = sampleNumbers(record);
  return samples.length === 0 || samples[samples.length - 1] !== snapshot.item.taskProgress;
}

/**
 * Fold one snapshot from the poller into a task's record; the same record back when it is its snapshot already. With
 * no news (tellsNews) only the snapshot is new: the record keeps its arrays (none, as first seen) and its first-seen
 * time, and no longer holds the snapshot it was loaded with beside the board's. A change into an end (Finished,
 * Failed, Aborted) from a status seen live is dated by endedAt. `news`: tellsNews's answer, when the caller has it.
 */
export function observeTask(
  record: TaskRecord | undefined,
  id: string,
  snapshot: TaskSnapshot,
  news = !record || tellsNews(record, snapshot),
): TaskRecord {
  if (!record) return firstRecord(id, snapshot);
  if (record.snapshot === snapshot) return record;
  if (!news) return { id: record.id, firstSeen: firstSeenOf(record), changes: record.changes, samples: record.samples, snapshot };
  const status = snapshot.item?.taskStatus ?? null;
  const progress = snapshot.item?.taskProgress ?? 0;
  const at = snapshot.changedAt;
  const lastStatusSeen = lastStatus(record);
  // A record with no arrays of its own gets them now, from the snapshot it had (changeNumbers, sampleNumbers).
  let changes = changeNumbers(record);
  if (lastStatusSeen !== status) {
    const ended = isEnd(status) && !isEnd(lastStatusSeen);
    // A new array when the status changes; the first change and the latest kept.
    changes = [...changes, ended ? endedAt(snapshot.item?.updateTime, record.snapshot.checkedAt, at) : at, status ?? NaN, progress];
    if (changes.length > MAX_CHANGES_PER_TASK * CHANGE_FIELDS)
      changes = [...changes.slice(0, CHANGE_FIELDS), ...changes.slice(-(MAX_CHANGES_PER_TASK - 1) * CHANGE_FIELDS)];
  }
  const samples = sampleNumbers(record);
  const lastProgress = samples.length > 0 ? samples[samples.length - 1] : undefined;
  // In place: the recorder owns its records' samples (nothing else keeps the array, the store's readers render from the
  // record, and a put clones it when written). A copy per running task per poll update was the largest part of this
  // function's garbage (about 300 kB per update at 1,000 running).
  if (snapshot.item && lastProgress !== progress) {
    samples.push(at, progress);
    if (samples.length > MAX_SAMPLES_PER_TASK * SAMPLE_FIELDS) halveInPlace(samples, SAMPLE_FIELDS);
  }
  return { ...record, firstSeen: firstSeenOf(record), changes, samples, snapshot };
}

const sameAnswer = (a: TaskSnapshot, b: TaskSnapshot) =>
  (a.item?.taskStatus ?? null) === (b.item?.taskStatus ?? null) && (a.item?.taskProgress ?? null) === (b.item?.taskProgress ?? null);

/**
 * A snapshot made after a reload, corrected by what was stored before it: while the answer is the
 * same, it last changed when the stored one says (so a stall flag is not reset), and a running
 * task's rate stands on the progress marks seen before the reload too.
 */
function restoreSnapshot(current: TaskSnapshot, stored: TaskSnapshot): TaskSnapshot {
  // Compared once: twice, it was 25 ms of self time over 100,000 tasks on a reopened page.
  const same = sameAnswer(current, stored);
  if (!same && current.item?.taskStatus !== stored.item?.taskStatus) return current;
  const changedAt = same ? Math.min(current.changedAt, stored.changedAt) : current.changedAt;
  // Progress that went back since is a new run: the stored marks are not its evidence.
  const running = current.item?.taskStatus === TaskStatus.running && (current.item?.taskProgress ?? 0) >= (stored.item?.taskProgress ?? 0);
  const progressMarks = running ? joinMarks(stored.progressMarks, current.progressMarks) : current.progressMarks;
  if (changedAt === current.changedAt && progressMarks === current.progressMarks) return current;
  const next: TaskSnapshot = { ...current, changedAt };
  if (progressMarks) next.progressMarks = progressMarks;
  return next;
}

const feedKey = (t: Transition) => `${t.taskId} ${t.at} ${t.to}`;

export function mergeFeeds(a: readonly Transition[], b: readonly Transition[]): Transition[] {
  const seen = new Set<string>();
  return [...a, ...b]
    .filter((t) => !seen.has(feedKey(t)) && seen.add(feedKey(t)))
    .sort((x, y) => y.at - x.at)
    .slice(0, MAX_FEED);
}

/**
 * Lays what was stored before a reload over `board`'s snapshots of `ids[from…]`, until `due()` says to yield: snapshots of
 * watched tasks not yet checked, corrected times of those that were. `tasks`: the board's task map, made writable at the
 * first change (null when nothing changed), written in place (see board-delta.ts); `next`: where to go on from.
 */
export function restoreTasks(
  board: TaskBoard,
  records: ReadonlyMap<string, TaskRecord>,
  ids: readonly string[],
  from: number,
  due: () => boolean = () => false,
): { tasks: Map<string, TaskSnapshot> | null; restored: string[]; next: number } {
  let tasks: Map<string, TaskSnapshot> | null = null;
  const restored: string[] = [];
  // A first visit has no records: no pass over every watched ID (100,000 lookups in the first cycle's last task).
  if (records.size === 0) return { tasks, restored, next: ids.length };
  let i = from;
  while (i < ids.length) {
    const id = ids[i++]!;
    const record = records.get(id);
    if (record) {
      const current = (tasks ?? board.tasks).get(id);
      const next = current ? restoreSnapshot(current, record.snapshot) : record.snapshot;
      if (next !== current) {
        tasks ??= writableTasks(board.tasks);
        tasks.set(id, next);
        restored.push(id);
      }
    }
    if (due()) break;
  }
  return { tasks, restored, next: i };
}

/**
 * `board` with the snapshots restoreTasks wrote and, given `feed`, the change feed stored before a reload: a step from
 * `board` (board-delta.ts), or null when neither changes anything.
 */
export function restoredStep(
  board: TaskBoard,
  tasks: ReadonlyMap<string, TaskSnapshot> | null,
  restored: readonly string[],
  feed: readonly Transition[] | null,
): TaskBoard | null {
  const merged = feed ? mergeFeeds(board.transitions, feed) : board.transitions;
  const feedChanged = merged.length !== board.transitions.length || merged.some((t, i) => t !== board.transitions[i]);
  if (!tasks && !feedChanged) return null;
  const transitions = feedChanged ? merged : board.transitions;
  return recordDelta({ ...board, tasks: tasks ?? board.tasks, transitions }, board, restored);
}

/**
 * The poller's board with what was stored before a reload (restoreTasks over every watched task) and the change feed.
 * Null when nothing changes. The poller's task map is written in place (see board-delta.ts).
 */
export function restoreBoard(
  board: TaskBoard,
  records: ReadonlyMap<string, TaskRecord>,
  watched: readonly string[],
  feed: readonly Transition[],
): TaskBoard | null {
  const { tasks, restored } = restoreTasks(board, records, watched, 0);
  return restoredStep(board, tasks, restored, feed);
}
