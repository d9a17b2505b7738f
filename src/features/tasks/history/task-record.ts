import type { ProgressMark, TaskSnapshot } from '../task';

/** One observed status change: when, into which status (null: the gateway did not know the ID), at what progress. */
export type StatusChange = { at: number; status: number | null; progress: number };

/**
 * What the console learned about one task: kept in IndexedDB so stall flags, ETA and timeline survive a reload.
 *
 * Its changes and samples are flat arrays of numbers, not an object or a pair per entry; and a task that has not
 * changed since it was first seen (most of a long list: the ended ones) has none of its own, its one change and one
 * sample being its snapshot's. At 100,000 watched tasks the history was a tenth of the page's heap and some ten objects
 * a task, and every major collection marked them all (issue 38; docs/performance/issue-38-speed-at-scale.md). Read
 * them with the functions below.
 */
export type TaskRecord = {
  id: string;
  /** When the console first saw the task (local time). Null: the snapshot's checkedAt, the record being as first seen. */
  firstSeen: number | null;
  /**
   * Every observed status change, oldest first, CHANGE_FIELDS numbers each: at, status (NaN: none), progress. Null:
   * one change, the snapshot's (when it last changed, its status and progress): nothing changed since it was first seen.
   */
  changes: number[] | null;
  /** Progress samples, oldest first, downsampled: SAMPLE_FIELDS numbers each, local time and progress. Null: as `changes`. */
  samples: number[] | null;
  /** The last snapshot: the gateway's last raw answer, when it last changed, first progress while running. */
  snapshot: TaskSnapshot;
};

export const CHANGE_FIELDS = 3;
export const SAMPLE_FIELDS = 2;

/** A task first seen in `snapshot`: its record, with no arrays (and no time) of its own until it changes. */
export const firstRecord = (id: string, snapshot: TaskSnapshot): TaskRecord => ({
  id,
  firstSeen: null,
  changes: null,
  samples: null,
  snapshot,
});

/** When the console first saw the record's task. */
export const firstSeenOf = (record: TaskRecord): number => record.firstSeen ?? record.snapshot.checkedAt;

const statusIn = (snapshot: TaskSnapshot) => snapshot.item?.taskStatus ?? null;
/** A status as a change stores it (NaN: none) read back. */
const statusOf = (stored: number) => (stored === stored ? stored : null);
const progressIn = (snapshot: TaskSnapshot) => snapshot.item?.taskProgress ?? 0;

/** The record's changes as numbers: its own, or the one its snapshot implies (a new array: the caller may keep it). */
export const changeNumbers = (record: TaskRecord): number[] =>
  record.changes ?? [record.snapshot.changedAt, statusIn(record.snapshot) ?? NaN, progressIn(record.snapshot)];

/** The record's samples as numbers: its own, or the one its snapshot implies (none without an answer; a new array). */
export const sampleNumbers = (record: TaskRecord): number[] =>
  record.samples ?? (record.snapshot.item ? [record.snapshot.changedAt, progressIn(record.snapshot)] : []);

export const changeCount = (record: TaskRecord): number => (record.changes ? record.changes.length / CHANGE_FIELDS : 1);

/** Change `i` of the record (negative counts from the end), or undefined past either end. */
export function changeAt(record: TaskRecord, i: number): StatusChange | undefined {
  const k = i < 0 ? changeCount(record) + i : i;
  if (k < 0 || k >= changeCount(record)) return undefined;
  return changeIn(changeNumbers(record), k);
}

const changeIn = (changes: readonly number[], k: number): StatusChange => {
  const at = k * CHANGE_FIELDS;
  return { at: changes[at]!, status: statusOf(changes[at + 1]!), progress: changes[at + 2]! };
};

/** The status of the record's last change (null: not known to the gateway), or undefined when it has none. */
export function lastStatus(record: TaskRecord): number | null | undefined {
  if (!record.changes) return statusIn(record.snapshot);
  const n = record.changes.length;
  return n === 0 ? undefined : statusOf(record.changes[n - CHANGE_FIELDS + 1]!);
}

/** Every status change, oldest first, as objects (for the one task the details dialog shows). */
export function statusChanges(record: TaskRecord): StatusChange[] {
  const changes = changeNumbers(record);
  return Array.from({ length: changeCount(record) }, (_, k) => changeIn(changes, k));
}

/** The progress samples as [local time, progress] pairs, oldest first. */
export function progressSamples(record: TaskRecord): Array<[number, number]> {
  const samples = sampleNumbers(record);
  return Array.from({ length: samples.length / SAMPLE_FIELDS }, (_, i) => [samples[i * SAMPLE_FIELDS]!, samples[i * SAMPLE_FIELDS + 1]!]);
}

/**
 * The numbers in `value` in an array of this heap's own making, or undefined if it holds anything else. Not the array as
 * IndexedDB gives it back: a structured clone makes an array of boxed numbers (an object each), the cost this shape
 * is for; pushed one by one, the numbers are stored unboxed.
 */
function ownNumbers(value: readonly unknown[]): number[] | undefined {
  const numbers: number[] = [];
  for (const n of value) {
    if (typeof n !== 'number') return undefined;
    numbers.push(n);
  }
  return numbers;
}

const isChange = (c: unknown): c is StatusChange =>
  typeof c === 'object' && c !== null && typeof (c as StatusChange).at === 'number' && typeof (c as StatusChange).progress === 'number';

/** Stored changes: numbers, null (the snapshot's), or (stored by an earlier console) one object each; undefined: unreadable. */
function storedChanges(value: unknown): number[] | null | undefined {
  if (value === null) return null;
  if (!Array.isArray(value)) return undefined;
  if (!value.every(isChange)) return ownNumbers(value);
  const numbers: number[] = [];
  for (const c of value) numbers.push(c.at, c.status ?? NaN, c.progress);
  return numbers;
}

/** Stored samples: numbers, null (the snapshot's), or (stored by an earlier console) a [time, progress] pair each; undefined: unreadable. */
function storedSamples(value: unknown): number[] | null | undefined {
  if (value === null) return null;
  if (!Array.isArray(value)) return undefined;
  return ownNumbers(value.length > 0 && Array.isArray(value[0]) ? (value as unknown[][]).flat() : value);
}

export type StoredRecord = Omit<TaskRecord, 'firstSeen' | 'changes' | 'samples' | 'snapshot'> & {
  firstSeen: unknown;
  changes: unknown;
  samples: unknown;
  /** Its progress marks flat (MARK_FIELDS numbers each: see toStored), or (stored by an earlier console) an object each. */
  snapshot: Omit<TaskSnapshot, 'progressMarks'> & { progressMarks?: unknown };
};

/** A stored mark's numbers: progress, after, seenAt. */
const MARK_FIELDS = 3;

/**
 * A record as the history's log stores it: a running task's progress marks as flat numbers, not an object each. A
 * structured clone writes each object's keys again: a running task's eight marks were more than half of its record's
 * clone in Chromium (~5 of ~9 µs), and some 150 records are written a poll update at 1,000 running tasks.
 */
export function toStored(record: TaskRecord): StoredRecord {
  const marks = record.snapshot.progressMarks;
  if (!marks?.length) return record;
  const flat = new Array<number>(marks.length * MARK_FIELDS);
  for (let i = 0; i < marks.length; i++) {
    const { progress, after, seenAt } = marks[i]!;
    flat[i * MARK_FIELDS] = progress;
    flat[i * MARK_FIELDS + 1] = after;
    flat[i * MARK_FIELDS + 2] = seenAt;
  }
  return { ...record, snapshot: { ...record.snapshot, progressMarks: flat } };
}

const isMark = (m: unknown): m is ProgressMark =>
  typeof m === 'object' &&
  m !== null &&
  ['progress', 'after', 'seenAt'].every((k) => typeof (m as Record<string, unknown>)[k] === 'number');

/** Stored marks: flat numbers, or an object each (an earlier console's); undefined when there are none or they cannot be read. */
function storedMarks(value: unknown): ProgressMark[] | undefined {
  if (!Array.isArray(value) || value.length === 0) return undefined;
  if (value.every(isMark)) return value;
  if (value.length % MARK_FIELDS !== 0 || !value.every((n) => typeof n === 'number')) return undefined;
  const marks: ProgressMark[] = [];
  for (let i = 0; i < value.length; i += MARK_FIELDS)
    marks.push({ progress: value[i] as number, after: value[i + 1] as number, seenAt: value[i + 2] as number });
  return marks;
}

/**
 * A record as IndexedDB gives it back, in this shape; one stored by an earlier console (an object per change and a
 * pair per sample) is turned into it. Null when its changes or samples cannot be read: that task has no history shown.
 */
export function fromStored({ id, firstSeen, changes, samples, snapshot }: StoredRecord): TaskRecord | null {
  if (firstSeen !== null && typeof firstSeen !== 'number') return null;
  const ownChanges = storedChanges(changes);
  const ownSamples = storedSamples(samples);
  if (ownChanges === undefined || ownSamples === undefined) return null;
  if ((ownChanges && ownChanges.length % CHANGE_FIELDS !== 0) || (ownSamples && ownSamples.length % SAMPLE_FIELDS !== 0)) return null;
  // Most records have no marks (only a running task has): their snapshot is taken as it is, not copied.
  if (snapshot.progressMarks === undefined)
    return { id, firstSeen, changes: ownChanges, samples: ownSamples, snapshot: snapshot as TaskSnapshot };
  const { progressMarks, ...rest } = snapshot;
  const marks = storedMarks(progressMarks);
  // Unreadable marks are left out: the ETA waits for new ones, as after any break in watching.
  return { id, firstSeen, changes: ownChanges, samples: ownSamples, snapshot: marks ? { ...rest, progressMarks: marks } : rest };
}
