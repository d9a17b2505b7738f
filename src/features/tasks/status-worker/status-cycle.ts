import { recordGatewayOutcome } from '@/lib/connection-health';
import type { Connection } from '@/lib/connection-profile';
import { GatewayRequestError } from '@/lib/gateway-error';
import { workerScriptUrl } from '@/lib/script-url';
import { fetchStatusBatches, type StatusSlice } from './fetch-status-batches';
import type { StatusWorkerReply, StatusWorkerRequest } from './status-worker-messages';
// The worker bundled by Vite (its ?worker&url form), started through the CSP's Trusted Types policy.
import statusWorkerUrl from './task-status.worker.ts?worker&url';

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
/** The status worker as this page talks to it: a shared worker's port, or a dedicated worker. */
type StatusThread = { postMessage(request: StatusWorkerRequest): void; stop(): void };
/** undefined: not started yet; null: no worker here, or it failed to load (the page does the work). */
let worker: StatusThread | null | undefined;

const cancelled = () => new GatewayRequestError({ operation: 'taskStatus', kind: 'aborted', message: 'Request cancelled' });

function receive(reply: StatusWorkerReply): void {
  const cycle = cycles.get(reply.id);
  if (!cycle) return;
  if (reply.type !== 'failed' && reply.slice) {
    for (const i of reply.slice.batchIndexes) cycle.answered.add(i);
    // The worker's calls do not record health (its copy of the indicator is not the page's): the page records here.
    recordGatewayOutcome(cycle.connection, 'taskStatus', null);
    cycle.onSlice(reply.slice);
  }
  if (reply.type === 'slice') return;
  cycles.delete(reply.id);
  if (reply.type === 'done') return cycle.settle();
  const error = new GatewayRequestError(reply.error);
  if (error.kind !== 'aborted') recordGatewayOutcome(cycle.connection, 'taskStatus', error);
  cycle.settle(error);
}

/** Set when a shared worker failed: the next cycle tries a dedicated one (a browser without module shared workers). */
let sharedFailed = false;

/**
 * The worker could not start (a CSP that forbids it, a failed script load): the cycles it held run in the page. After a
 * shared worker's failure the next cycle starts a dedicated worker; after a dedicated one's, the page does the work.
 */
function workerFailed(kind: 'shared' | 'dedicated'): void {
  worker?.stop();
  worker = kind === 'shared' ? undefined : null;
  if (kind === 'shared') sharedFailed = true;
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

/**
 * A shared worker where the browser has one, else a dedicated worker. Chrome reports each of a dedicated worker's
 * requests to the page's frame (four small tasks on the page's main thread per request, ~3.5 ms of a poll update at 10
 * requests); a shared worker's requests are not (docs/decisions/tasks.md, "Status requests off the main thread"). The
 * console's tabs share the worker, each on a port of its own, and a page's cycles are its own (the ids are per port).
 */
function startWorker(): StatusThread | null {
  const onmessage = (event: MessageEvent<StatusWorkerReply>) => receive(event.data);
  if (typeof SharedWorker === 'function' && !sharedFailed) {
    try {
      const shared = new SharedWorker(workerScriptUrl(statusWorkerUrl), { type: 'module', name: 'task-status' });
      shared.onerror = () => workerFailed('shared');
      shared.port.onmessage = onmessage;
      return { postMessage: (request) => shared.port.postMessage(request), stop: () => shared.port.close() };
    } catch {
      // A shared worker this browser cannot start as a module: the dedicated one below.
      sharedFailed = true;
    }
  }
  if (typeof Worker !== 'function') return null;
  const dedicated = new Worker(workerScriptUrl(statusWorkerUrl), { type: 'module', name: 'task-status' });
  dedicated.onerror = () => workerFailed('dedicated');
  dedicated.onmessage = onmessage;
  return { postMessage: (request) => dedicated.postMessage(request), stop: () => dedicated.terminate() };
}

function statusWorker(): StatusThread | null {
  if (worker !== undefined) return worker;
  try {
    worker = startWorker();
  } catch {
    worker = null;
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
