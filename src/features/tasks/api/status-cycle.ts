import { recordGatewayOutcome } from '@/lib/connection-health';
import type { Connection } from '@/lib/connection-profile';
import { GatewayRequestError } from '@/lib/gateway-error';
import { fetchStatusBatches, type StatusSlice } from './fetch-status-batches';
import type { StatusWorkerReply, StatusWorkerRequest } from './status-worker-messages';

type Cycle = {
  connection: Connection;
  batches: string[][];
  signal: AbortSignal;
  onSlice: (slice: StatusSlice) => void;
  sliceBatches: number;
  answered: Set<number>;
  settle: (error?: GatewayRequestError) => void;
};

const cycles = new Map<number, Cycle>();
let nextId = 1;
/** undefined: not started yet; null: no Worker here, or it failed to load (the page does the work). */
let worker: Worker | null | undefined;

const cancelled = () => new GatewayRequestError({ operation: 'taskStatus', kind: 'aborted', message: 'Request cancelled' });

function receive(reply: StatusWorkerReply): void {
  const cycle = cycles.get(reply.id);
  if (!cycle) return;
  if (reply.type !== 'failed' && reply.slice) {
    for (const i of reply.slice.batchIndexes) cycle.answered.add(i);
    // The worker's calls do not record health (its copy of the indicator is not the page's): the page records here.
    recordGatewayOutcome(cycle.connection, null);
    cycle.onSlice(reply.slice);
  }
  if (reply.type === 'slice') return;
  cycles.delete(reply.id);
  if (reply.type === 'done') return cycle.settle();
  const error = new GatewayRequestError(reply.error);
  if (error.kind !== 'aborted') recordGatewayOutcome(cycle.connection, error);
  cycle.settle(error);
}

/** The worker could not start (a CSP that forbids it, a failed script load): the cycles it held run in the page. */
function workerFailed(): void {
  worker?.terminate();
  worker = null;
  const held = [...cycles.values()];
  cycles.clear();
  for (const cycle of held) {
    const rest = cycle.batches.map((_, i) => i).filter((i) => !cycle.answered.has(i));
    const onSlice = (slice: StatusSlice) => cycle.onSlice({ ...slice, batchIndexes: slice.batchIndexes.map((j) => rest[j]!) });
    const batches = rest.map((i) => cycle.batches[i]!);
    fetchStatusBatches(cycle.connection, batches, cycle.signal, onSlice, { sliceBatches: cycle.sliceBatches, recordHealth: true }).then(
      () => cycle.settle(),
      (error: unknown) => cycle.settle(GatewayRequestError.from(error, 'taskStatus')),
    );
  }
}

function statusWorker(): Worker | null {
  if (worker !== undefined) return worker;
  try {
    worker =
      typeof Worker === 'function'
        ? new Worker(new URL('./task-status.worker.ts', import.meta.url), { type: 'module', name: 'task-status' })
        : null;
  } catch {
    worker = null;
  }
  if (worker) {
    worker.onmessage = (event: MessageEvent<StatusWorkerReply>) => receive(event.data);
    worker.onerror = workerFailed;
  }
  return worker;
}

/**
 * One cycle's status requests, in the status worker where there is one (the page's main thread then
 * only merges and renders) and in the page otherwise: the same fetchStatusBatches either way, with the
 * same errors (rebuilt from their fields), health records and cancellation by the query's signal.
 */
export function runStatusCycle(
  connection: Connection,
  batches: string[][],
  signal: AbortSignal,
  onSlice: (slice: StatusSlice) => void,
  sliceBatches: number,
): Promise<void> {
  const thread = statusWorker();
  if (!thread) return fetchStatusBatches(connection, batches, signal, onSlice, { sliceBatches, recordHealth: true });
  if (signal.aborted) return Promise.reject(cancelled());
  return new Promise<void>((resolve, reject) => {
    const id = nextId++;
    const abort = () => {
      if (!cycles.delete(id)) return;
      worker?.postMessage({ type: 'abort', id } satisfies StatusWorkerRequest);
      reject(cancelled());
    };
    const settle = (error?: GatewayRequestError) => {
      signal.removeEventListener('abort', abort);
      if (error) reject(error);
      else resolve();
    };
    cycles.set(id, { connection, batches, signal, onSlice, sliceBatches, answered: new Set(), settle });
    signal.addEventListener('abort', abort);
    thread.postMessage({ type: 'cycle', id, connection, batches, sliceBatches } satisfies StatusWorkerRequest);
  });
}
