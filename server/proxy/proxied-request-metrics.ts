import type { OperationName } from '#contract';
import type { GatewayMetrics } from '../observability/console-metrics';

/**
 * The request-side metrics of a proxied operation, read from its body (the proxy forwards the bytes
 * untouched; a body that is not the JSON it should be is counted as nothing). Only with metrics on.
 */
export function observeProxiedRequest(metrics: GatewayMetrics, operation: OperationName, body: Uint8Array): void {
  let json: unknown;
  try {
    json = JSON.parse(Buffer.from(body.buffer, body.byteOffset, body.byteLength).toString('utf8'));
  } catch {
    return;
  }
  if (typeof json !== 'object' || json === null) return;
  const fields = json as Record<string, unknown>;
  if (operation === 'taskStatus') {
    const ids = new Set<unknown>(Array.isArray(fields.taskIds) ? fields.taskIds : []);
    if (typeof fields.taskId === 'string' && fields.taskId !== '') ids.add(fields.taskId);
    if (ids.size > 0) metrics.statusBatch(ids.size);
    return;
  }
  metrics.speechText(fields.sourceText);
}
