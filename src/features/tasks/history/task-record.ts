import type { TaskSnapshot } from '../task';

/** One observed status change: when, into which status (null: the gateway did not know the ID), at what progress. */
export type StatusChange = { at: number; status: number | null; progress: number };

/**
 * What the console learned about one task: kept in IndexedDB so stall flags, ETA and timeline survive a reload.
 *
 * Its changes and samples are flat arrays of numbers, not an object or a pair per entry: at 100,000 watched tasks the
 * history was a tenth of the page's heap and some ten objects a task, and every major collection marked them all
 * (issue 38; docs/performance.md). A flat array of numbers is two objects whatever its length, its numbers unboxed.
 * Read them with the functions below.
 */
export type TaskRecord = {
  id: string;
  firstSeen: number;
  /** Every observed status change, oldest first, CHANGE_FIELDS numbers each: at, status (NaN: none), progress. */
  changes: number[];
  /** Progress samples, oldest first, downsampled: SAMPLE_FIELDS numbers each, local time and progress. */
  samples: number[];
  /** The last snapshot: the gateway's last raw answer, when it last changed, first progress while running. */
  snapshot: TaskSnapshot;
};

export const CHANGE_FIELDS = 3;
export const SAMPLE_FIELDS = 2;

export const changeCount = (record: TaskRecord): number => record.changes.length / CHANGE_FIELDS;

/** Change `i` of the record (negative counts from the end), or undefined past either end. */
export function changeAt(record: TaskRecord, i: number): StatusChange | undefined {
  const k = i < 0 ? changeCount(record) + i : i;
  if (k < 0 || k >= changeCount(record)) return undefined;
  const at = k * CHANGE_FIELDS;
  const status = record.changes[at + 1]!;
  return { at: record.changes[at]!, status: status === status ? status : null, progress: record.changes[at + 2]! };
}

/** The status of the record's last change (null: not known to the gateway), or undefined when it has none. */
export function lastStatus(record: TaskRecord): number | null | undefined {
  const n = record.changes.length;
  if (n === 0) return undefined;
  const status = record.changes[n - CHANGE_FIELDS + 1]!;
  return status === status ? status : null;
}

/** Every status change, oldest first, as objects (for the one task the details dialog shows). */
export const statusChanges = (record: TaskRecord): StatusChange[] =>
  Array.from({ length: changeCount(record) }, (_, i) => changeAt(record, i)!);

/** The progress samples as [local time, progress] pairs, oldest first. */
export const progressSamples = (record: TaskRecord): Array<[number, number]> =>
  Array.from({ length: record.samples.length / SAMPLE_FIELDS }, (_, i) => [
    record.samples[i * SAMPLE_FIELDS]!,
    record.samples[i * SAMPLE_FIELDS + 1]!,
  ]);

/**
 * The numbers in `value` in an array of this heap's own making, or null if it holds anything else. Not the array as
 * IndexedDB gives it back: a structured clone makes an array of boxed numbers (an object each), the cost this shape
 * is for; pushed one by one, the numbers are stored unboxed.
 */
function ownNumbers(value: readonly unknown[]): number[] | null {
  const numbers: number[] = [];
  for (const n of value) {
    if (typeof n !== 'number') return null;
    numbers.push(n);
  }
  return numbers;
}

const isChange = (c: unknown): c is StatusChange =>
  typeof c === 'object' && c !== null && typeof (c as StatusChange).at === 'number' && typeof (c as StatusChange).progress === 'number';

/** Stored changes: numbers, or (stored by an earlier console) one object each. */
function storedChanges(value: unknown): number[] | null {
  if (!Array.isArray(value)) return null;
  if (!value.every(isChange)) return ownNumbers(value);
  const numbers: number[] = [];
  for (const c of value) numbers.push(c.at, c.status ?? NaN, c.progress);
  return numbers;
}

/** Stored samples: numbers, or (stored by an earlier console) one [time, progress] pair each. */
const storedSamples = (value: unknown): number[] | null =>
  Array.isArray(value) ? ownNumbers(value.length > 0 && Array.isArray(value[0]) ? (value as unknown[][]).flat() : value) : null;

export type StoredRecord = Omit<TaskRecord, 'changes' | 'samples'> & { changes: unknown; samples: unknown };

/**
 * A record as IndexedDB gives it back, in this shape; one stored by an earlier console (an object per change and a
 * pair per sample) is turned into it. Null when its changes or samples cannot be read: that task has no history shown.
 */
export function fromStored({ id, firstSeen, changes, samples, snapshot }: StoredRecord): TaskRecord | null {
  const changeNumbers = storedChanges(changes);
  const sampleNumbers = storedSamples(samples);
  if (!changeNumbers || changeNumbers.length % CHANGE_FIELDS !== 0 || !sampleNumbers || sampleNumbers.length % SAMPLE_FIELDS !== 0)
    return null;
  return { id, firstSeen, changes: changeNumbers, samples: sampleNumbers, snapshot };
}
