import { TaskStatus } from '@/contract';
import type { SortableRow, WatchedTask } from '../../rows';
import type { QueryRow } from '../language/compile-query';

/** What the list's worker keeps of a row: what the query's tests and the sorts read, and no more. */
export type SearchRow = QueryRow & SortableRow;

/**
 * A row as the worker gets it. Its snapshot only for a running task (the only kind whose snapshot a test reads:
 * compile-query.ts), and a download link as "there is one" (the tests ask no more): a copy of 100,000 rows is then
 * their IDs and numbers, not every answer and URL.
 */
export function toSearchRow(row: WatchedTask): SearchRow {
  return {
    id: row.id,
    idLower: row.idLower,
    index: row.index,
    snapshot: row.taskStatus === TaskStatus.running ? row.snapshot : undefined,
    group: row.group,
    progress: row.progress,
    updateTime: row.updateTime,
    downloadUrl: row.downloadUrl === null ? null : '',
    taskStatus: row.taskStatus,
    errorCode: row.errorCode,
  };
}
