import type { OperationName } from '#contract';
import type { GatewayMetrics } from '../observability/console-metrics';

/** Bodies up to this size have their ID count remembered (a 100-ID poll is about 5 KB). */
const REMEMBERED_BODY_BYTES = 16 * 1024;
/** How many bodies are remembered at most (so at most 1 MB of keys); all are forgotten when full. */
const REMEMBERED_BODIES = 64;

/**
 * The request-side metrics of a proxied operation, read from its body (the proxy forwards the bytes
 * untouched; a body that is not the JSON it should be is counted as nothing). Only with metrics on.
 * A status body's ID count is remembered by its bytes: the console polls the same chunks of IDs
 * cycle after cycle, and parsing each 5 KB body again was most of what metrics cost a request.
 */
export function createProxiedRequestMetrics(metrics: GatewayMetrics): (operation: OperationName, body: Uint8Array) => void {
  const idCounts = new Map<string, number>();
  return (operation, body) => {
    if (operation !== 'taskStatus') return void metrics.speechText(fieldsOf(body)?.sourceText);
    const key =
      body.byteLength <= REMEMBERED_BODY_BYTES ? Buffer.from(body.buffer, body.byteOffset, body.byteLength).toString('latin1') : null;
    let count = key === null ? undefined : idCounts.get(key);
    if (count === undefined) {
      count = idCount(fieldsOf(body));
      if (key !== null) {
        if (idCounts.size >= REMEMBERED_BODIES) idCounts.clear();
        idCounts.set(key, count);
      }
    }
    if (count > 0) metrics.statusBatch(count);
  };
}

function fieldsOf(body: Uint8Array): Record<string, unknown> | null {
  let json: unknown;
  try {
    json = JSON.parse(Buffer.from(body.buffer, body.byteOffset, body.byteLength).toString('utf8'));
  } catch {
    return null;
  }
  return typeof json === 'object' && json !== null ? (json as Record<string, unknown>) : null;
}

/** The distinct IDs a status body asks for (taskIds and taskId merged). */
function idCount(fields: Record<string, unknown> | null): number {
  if (fields === null) return 0;
  const ids = new Set<unknown>(Array.isArray(fields.taskIds) ? fields.taskIds : []);
  if (typeof fields.taskId === 'string' && fields.taskId !== '') ids.add(fields.taskId);
  return ids.size;
}
