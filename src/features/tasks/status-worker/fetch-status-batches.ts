import type { TaskStatusItemProblem } from '@/contract';
import type { Connection } from '@/lib/connection-profile';
import { mapLimit } from './batch-ids';
import { checkedLink } from './checked-link';
import { getTaskStatus } from './get-task-status';
import { createAnswerPacker, type PackedAnswers } from './packed-answers';

/** Batches in flight at once: enough to finish 10,000 IDs quickly without queueing behind the browser's per-host limit. */
const CONCURRENT_BATCHES = 4;

/**
 * Checked answers to some of a cycle's batches, named by their index in the cycle's list of batches;
 * the answers packed (packed-answers.ts: each by its place among these batches' IDs, in this order),
 * with their result links checked here too (checkedLink).
 */
export type StatusSlice = {
  batchIndexes: number[];
  answers: PackedAnswers;
  problems: TaskStatusItemProblem[];
};

export type FetchStatusOptions = {
  /** Answers handed on at a time (Infinity: one slice when every batch has answered). */
  sliceBatches: number;
  recordHealth: boolean;
};

/**
 * A cycle's status requests: fetch, read, parse and check each batch, handing on the answers a
 * slice at a time. The same code runs in the status worker and, where there is no Worker, in the
 * page. The first failure rejects; answers arriving after it are dropped, so a failed cycle changes
 * nothing.
 */
export async function fetchStatusBatches(
  connection: Connection,
  batches: readonly string[][],
  signal: AbortSignal,
  onSlice: (slice: StatusSlice) => void,
  { sliceBatches, recordHealth }: FetchStatusOptions,
): Promise<void> {
  const newSlice = () => ({
    batchIndexes: [] as number[],
    answers: createAnswerPacker(checkedLink),
    problems: [] as TaskStatusItemProblem[],
  });
  let slice = newSlice();
  let failed = false;
  const handOn = () => {
    const { batchIndexes, answers, problems } = slice;
    slice = newSlice();
    onSlice({ batchIndexes, answers: answers.take(), problems });
  };
  try {
    await mapLimit(
      batches.map((_, i) => i),
      CONCURRENT_BATCHES,
      async (i) => {
        const answer = await getTaskStatus(connection, batches[i]!, signal, recordHealth);
        if (failed) return;
        slice.batchIndexes.push(i);
        slice.answers.add(batches[i]!, answer.items);
        for (const problem of answer.problems) slice.problems.push(problem);
        if (slice.batchIndexes.length >= sliceBatches) handOn();
      },
    );
  } catch (error) {
    failed = true;
    throw error;
  }
  if (slice.batchIndexes.length > 0) handOn();
}
