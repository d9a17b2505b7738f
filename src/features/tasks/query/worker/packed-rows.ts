import { TaskStatus } from '@/contract';
import type { WatchedTask } from '../../rows';
import type { ProgressMark, StatusGroup, TaskSnapshot } from '../../task';
import type { SearchRow } from './search-row';

// Rows as the page sends them to the list's worker: numbers in one Float64Array (and a running task's progress marks in
// another), which a message copies as one block. Sent as objects, a poll update's 1,000 rows were some 11,000 objects
// to copy (a running task's snapshot, its answer, its marks): ~6 ms of the page's main thread per update (issue 38).

/** Numbers per row: see `pack`. */
const FIELDS = 10;
const GROUPS: readonly StatusGroup[] = [1, 2, 3, 4, 5, 6, 'waiting', 'not-found', 'unknown', 'invalid'];
const GROUP_CODE = new Map<StatusGroup, number>(GROUPS.map((g, i) => [g, i]));

/** Rows packed: their numbers, a running task's marks (progress, after, seenAt each), and, for a list sent anew, the IDs. */
export type PackedRows = {
  numbers: Float64Array;
  marks: Float64Array;
  /** Each row's ID; left out when the worker has them (a poll update's rows). The worker lower-cases them itself. */
  ids?: string[];
};

const orNaN = (n: number | null) => (n === null ? NaN : n);
const orNull = (n: number) => (n === n ? n : null);

/** `rows` packed; with their IDs when the worker does not have them yet. */
export function packRows(rows: readonly WatchedTask[], withIds: boolean): PackedRows {
  const numbers = new Float64Array(rows.length * FIELDS);
  const marks: number[] = [];
  rows.forEach((row, k) => {
    const at = k * FIELDS;
    const running = row.taskStatus === TaskStatus.running ? row.snapshot : undefined;
    const rowMarks = running?.progressMarks ?? [];
    numbers[at] = GROUP_CODE.get(row.group)!;
    numbers[at + 1] = row.progress;
    numbers[at + 2] = orNaN(row.updateTime);
    numbers[at + 3] = row.downloadUrl === null ? 0 : 1;
    numbers[at + 4] = orNaN(row.taskStatus);
    numbers[at + 5] = orNaN(row.errorCode);
    numbers[at + 6] = running?.item ? running.item.taskProgress : NaN;
    numbers[at + 7] = running ? running.changedAt : NaN;
    numbers[at + 8] = running ? running.checkedAt : NaN;
    numbers[at + 9] = rowMarks.length;
    for (const m of rowMarks) marks.push(m.progress, m.after, m.seenAt);
  });
  const packed: PackedRows = { numbers, marks: Float64Array.from(marks) };
  if (withIds) packed.ids = rows.map((r) => r.id);
  return packed;
}

/** The number of rows packed. */
export const packedCount = (packed: PackedRows): number => packed.numbers.length / FIELDS;

/**
 * Row `k` of `packed` as the worker keeps it, at list position `index`, with its ID (from the message, or from the row
 * the worker has at that place). A running task gets what the tests read of its snapshot (eta.ts): its answer's status
 * and progress, when it last changed and was checked, and its marks. `markAt`: where its marks start in `packed.marks`.
 */
export function unpackRow(packed: PackedRows, k: number, index: number, id: string, idLower: string | null, markAt: number): SearchRow {
  const n = packed.numbers;
  const at = k * FIELDS;
  const taskStatus = orNull(n[at + 4]!);
  const errorCode = orNull(n[at + 5]!);
  let snapshot: TaskSnapshot | undefined;
  if (taskStatus === TaskStatus.running) {
    const progressMarks: ProgressMark[] = [];
    for (let m = 0; m < n[at + 9]!; m++) {
      const o = (markAt + m) * 3;
      progressMarks.push({ progress: packed.marks[o]!, after: packed.marks[o + 1]!, seenAt: packed.marks[o + 2]! });
    }
    snapshot = {
      item: { taskId: id, taskStatus, taskProgress: n[at + 6]!, errorCode: errorCode ?? 0, targetVideoUrl: null, updateTime: 0 },
      changedAt: n[at + 7]!,
      checkedAt: n[at + 8]!,
      downloadUrl: null,
      problem: null,
      progressMarks,
    };
  }
  return {
    id,
    idLower,
    index,
    snapshot,
    group: GROUPS[n[at]!]!,
    progress: n[at + 1]!,
    updateTime: orNull(n[at + 2]!),
    // The tests ask only whether there is a link.
    downloadUrl: n[at + 3] ? '' : null,
    taskStatus,
    errorCode,
  };
}

/** How many marks row `k` has (the next row's start in `packed.marks` is this past its own). */
export const marksOf = (packed: PackedRows, k: number): number => packed.numbers[k * FIELDS + 9]!;
