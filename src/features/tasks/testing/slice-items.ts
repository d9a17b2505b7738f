import type { TaskStatusItem } from '@/contract';
import type { StatusSlice } from '../status-worker';
import { packedItem } from '../status-worker/packed-answers';

/** A slice's packed answers read back as items, in the order they came, each with its asked ID (tests). */
export function sliceItems(batches: readonly (readonly string[])[], slice: StatusSlice): TaskStatusItem[] {
  const asked = slice.batchIndexes.flatMap((i) => batches[i]!);
  return Array.from(slice.answers.at, (p, j) => packedItem(slice.answers, j, asked[p]!));
}
