import { batchIds, joinPacked, mergeBoard, type StatusSlice, runStatusCycle } from '../status-worker';
import { recordDelta } from '../rows';
import type { TaskBoard } from '../task';
import type { Connection } from '@/lib/connection-profile';
import { pollInSlices } from './poll-in-slices';

/** Above this many batches a cycle is merged in slices as answers arrive (poll-in-slices.ts). */
const SLICE_CYCLE_BATCHES = 20;
/** Batches per slice of such a cycle: 1,000 tasks merged at a time, a few ms. */
const SLICE_BATCHES = 10;

/**
 * One poll cycle for the due tasks (loaded with the first cycle: the first-visit bundle stays in
 * budget). The requests run in the status worker; this thread merges the checked answers.
 */
export async function pollCycle(
  connection: Connection,
  prev: TaskBoard,
  due: readonly string[],
  signal: AbortSignal,
  errorsSeen: number,
): Promise<TaskBoard> {
  const batches = batchIds(due);
  const run = (onSlice: (slice: StatusSlice) => void, sliceBatches: number) =>
    runStatusCycle(connection, batches, signal, onSlice, sliceBatches);
  if (batches.length > SLICE_CYCLE_BATCHES) return pollInSlices(prev, batches, (onSlice) => run(onSlice, SLICE_BATCHES), errorsSeen);
  const slices: StatusSlice[] = [];
  await run((slice) => slices.push(slice), Infinity);
  // Every batch has answered (one slice, or two when the page took over from a failed worker: status-cycle.ts). The
  // answers are placed among the due IDs, so the board takes them in the list's order, as they were asked.
  const starts: number[] = [];
  batches.reduce((start, batch) => (starts.push(start), start + batch.length), 0);
  const answers = joinPacked(slices.map((s) => ({ answers: s.answers, places: placesInCycle(s.batchIndexes, batches, starts) })));
  const problems = slices.flatMap((s) => s.problems);
  return recordDelta({ ...mergeBoard(prev, due, answers, Date.now(), batches.length, problems), errorsSeen }, prev, due);
}

/**
 * Where each ID a slice asked for (its batches' IDs, in its order) stands among the cycle's (the batches in order, batch
 * b's first at starts[b]).
 */
function placesInCycle(batchIndexes: readonly number[], batches: readonly string[][], starts: readonly number[]): Int32Array {
  const places = new Int32Array(batchIndexes.reduce((n, b) => n + batches[b]!.length, 0));
  let p = 0;
  for (const b of batchIndexes) for (let i = 0; i < batches[b]!.length; i++) places[p++] = starts[b]! + i;
  return places;
}
