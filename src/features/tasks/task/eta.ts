import { TaskStatus } from '@/contract';
import { SECOND_STEP } from '@/i18n/format';
import type { ProgressMark, TaskSnapshot } from './task-snapshot';

/** Marks kept per running task: the rate is measured over the newest of them (a wait long ago no longer counts). */
const MAX_MARKS = 8;
/** Marks a rate needs at least: two moves seen, not one step's time taken for a rate. */
const MIN_MARKS = 3;
/** The time between the two marks a rate stands on, against how unsure their own times are: at 4, the rate is within ±25 %. */
const SPAN_PER_UNCERTAINTY = 4;
/** Running with no rate and no change for this long: "cannot estimate", not "estimating…" forever. */
const NOT_MOVING_MS = 60_000;

const NO_MARKS: readonly ProgressMark[] = [];

/**
 * A running task's marks after one answer. A mark is a progress value seen for the first time, with the check before
 * it (which saw less): the value was reached between the two, on the local clock. The first answer while running is no
 * mark (when it reached that value is not known: it may have sat there for minutes), and progress that goes back, or
 * out of 0–100, starts again.
 */
export function nextMarks(prev: TaskSnapshot | undefined, progress: number, now: number): readonly ProgressMark[] | undefined {
  const was = prev?.item?.taskStatus === TaskStatus.running ? prev.item.taskProgress : null;
  if (was === null || !inRange(progress) || !inRange(was) || progress < was) return undefined;
  if (progress === was) return prev!.progressMarks;
  const kept = prev!.progressMarks ?? NO_MARKS;
  // An array of exactly the marks kept: a spread into a literal (of a slice, when full) made one with room for many
  // more, 2.3 times the bytes, for each running task on every poll update (issue 38).
  const from = Math.max(0, kept.length + 1 - MAX_MARKS);
  const next = new Array<ProgressMark>(kept.length - from + 1);
  for (let i = from; i < kept.length; i++) next[i - from] = kept[i]!;
  next[next.length - 1] = { progress, after: prev!.checkedAt, seenAt: now };
  return next;
}

/** Marks of one running task from two stretches of watching (before a reload, then after it), oldest first. */
export function joinMarks(
  older: readonly ProgressMark[] | undefined,
  newer: readonly ProgressMark[] | undefined,
): readonly ProgressMark[] | undefined {
  if (!older?.length) return newer;
  const from = older[older.length - 1]!;
  const after = (newer ?? NO_MARKS).filter((m) => m.progress > from.progress && m.after >= from.seenAt);
  return [...older, ...after].slice(-MAX_MARKS);
}

const inRange = (progress: number) => progress >= 0 && progress <= 100;
const midOf = (m: ProgressMark) => (m.after + m.seenAt) / 2;

/** The rate between two marks, in progress points per ms, when their times are sure enough (SPAN_PER_UNCERTAINTY); else null. */
function rateBetween(first: ProgressMark, last: ProgressMark): number | null {
  const span = midOf(last) - midOf(first);
  const unsure = (first.seenAt - first.after + (last.seenAt - last.after)) / 2;
  if (!(span > 0) || span < SPAN_PER_UNCERTAINTY * unsure) return null;
  return (last.progress - first.progress) / span;
}

/**
 * When a running task is due to end at its progress rate, measured between the marks it was seen to reach (local
 * clock on both ends, so gateway clock skew does not matter). The evidence decides, not the poll interval: at least
 * three marks, and a time between the two used that is four times what each mark's own time is unsure by (a mark is
 * unsure by the gap between the check that saw it and the one before). Null when there is no such pair of marks yet,
 * or the progress is outside 0–100.
 */
export function etaDueAt(snapshot: TaskSnapshot): number | null {
  const { item } = snapshot;
  const marks = snapshot.progressMarks;
  if (!item || item.taskStatus !== TaskStatus.running || !inRange(item.taskProgress) || !marks || marks.length < MIN_MARKS) return null;
  // The newest mark whose time is sure enough, against the oldest that gives it a rate (a mark after an outage is unsure).
  for (let last = marks.length - 1; last >= MIN_MARKS - 1; last--) {
    for (let first = 0; first <= last - MIN_MARKS + 1; first++) {
      const rate = rateBetween(marks[first]!, marks[last]!);
      if (rate !== null) return midOf(marks[last]!) + (100 - marks[last]!.progress) / rate;
    }
  }
  return null;
}

/** Remaining time of a running task at its observed progress rate (see etaDueAt), never below zero. */
export function estimateRemainingMs(snapshot: TaskSnapshot, now: number): number | null {
  const dueAt = etaDueAt(snapshot);
  return dueAt === null ? null : Math.max(0, Math.round(dueAt - now));
}

/**
 * Since when a running task counts as stalled, or null. A stall needs evidence like an ETA: a check that saw the
 * status and progress unchanged for `stallMs`. Time with no check (updates failing, checks off) is no news, not a
 * stall: the task is judged at its last check, so an outage does not flag every running task.
 */
export function stalledSince(snapshot: TaskSnapshot | undefined, stallMs: number): number | null {
  if (!snapshot?.item || snapshot.item.taskStatus !== TaskStatus.running || stallMs <= 0) return null;
  const since = snapshot.changedAt + stallMs;
  return snapshot.checkedAt >= since ? since : null;
}

/** A running task a check has seen unchanged for at least `stallMs` (see stalledSince). */
export function isStalled(snapshot: TaskSnapshot | undefined, now: number, stallMs: number): boolean {
  const since = stalledSince(snapshot, stallMs);
  return since !== null && now >= since;
}

/** What a task's ETA cell says at `now`: a time left, or why there is none. */
export type EtaReading =
  | { kind: 'remaining'; ms: number }
  | { kind: 'estimating' }
  | { kind: 'not-moving' }
  | { kind: 'stalled' }
  | { kind: 'odd-progress' }
  /** Not running (not checked yet, Created, Queued, ended, not found): no ETA, and the status says why. */
  | { kind: 'none' };

export function etaReading(snapshot: TaskSnapshot | undefined, now: number, stallMs: number): EtaReading {
  const item = snapshot?.item;
  if (!snapshot || !item || item.taskStatus !== TaskStatus.running) return { kind: 'none' };
  if (!inRange(item.taskProgress)) return { kind: 'odd-progress' };
  // A stalled task has no rate to count down from: its old one would reach "any moment" and stay there.
  if (isStalled(snapshot, now, stallMs)) return { kind: 'stalled' };
  const ms = estimateRemainingMs(snapshot, now);
  if (ms !== null) return { kind: 'remaining', ms };
  return now - snapshot.changedAt >= NOT_MOVING_MS ? { kind: 'not-moving' } : { kind: 'estimating' };
}

const ETA_STEP_MS = SECOND_STEP * 1_000;
/**
 * An ETA's remaining time as the screen says it: rounded up to a 5 s step, so it counts down once in 5 s (each changed
 * text is a layout and a paint), and no finer than an estimate from a progress rate is.
 */
export const etaAsSaid = (ms: number): number => Math.ceil(ms / ETA_STEP_MS) * ETA_STEP_MS;
