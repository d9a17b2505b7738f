import type { Connection } from '@/lib/connection-profile';
import { GatewayRequestError, type GatewayErrorFields } from '@/lib/gateway-error';
import { fetchStatusBatches, type StatusSlice } from './fetch-status-batches';

/** Page → status worker. The token travels in `connection`, by postMessage only (never a URL). */
export type StatusWorkerRequest =
  { type: 'cycle'; id: number; connection: Connection; batches: string[][]; sliceBatches: number } | { type: 'abort'; id: number };

/** Status worker → page: slices of checked answers, then done (with the last slice when the cycle is one) or failed (the error as plain fields). */
export type StatusWorkerReply =
  | { type: 'slice'; id: number; slice: StatusSlice }
  | { type: 'done'; id: number; slice?: StatusSlice }
  | { type: 'failed'; id: number; error: GatewayErrorFields };

/** Structured clone keeps an Error's message only: the kind, code and status go as plain fields. */
function errorFields(error: unknown): GatewayErrorFields {
  const { operation, kind, message, code, httpStatus, crossOrigin, detail, consoleFailure } = GatewayRequestError.from(error, 'taskStatus');
  return { operation, kind, message, code, httpStatus, crossOrigin, detail, consoleFailure };
}

/**
 * The status worker's message handler, a plain function (the worker file only wires it to
 * postMessage; tests call it directly). Each cycle has its own AbortController: the page's abort
 * message cancels that cycle's requests.
 */
export function createStatusWorkerHandler(post: (reply: StatusWorkerReply) => void) {
  const running = new Map<number, AbortController>();
  return async (request: StatusWorkerRequest): Promise<void> => {
    if (request.type === 'abort') return void running.get(request.id)?.abort();
    const { id, connection, batches, sliceBatches } = request;
    const controller = new AbortController();
    running.set(id, controller);
    // A cycle answered in one slice (every steady cycle) goes back as one message with its end: one task on the page, not two.
    const whole = !Number.isFinite(sliceBatches);
    let last: StatusSlice | undefined;
    try {
      await fetchStatusBatches(
        connection,
        batches,
        controller.signal,
        (slice) => (whole ? (last = slice) : post({ type: 'slice', id, slice })),
        { sliceBatches, recordHealth: false },
      );
      post(last ? { type: 'done', id, slice: last } : { type: 'done', id });
    } catch (error) {
      post({ type: 'failed', id, error: errorFields(error) });
    } finally {
      running.delete(id);
    }
  };
}
