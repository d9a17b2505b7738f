import { OPERATION_PATHS } from '#contract';
import { upstreamDeadline } from './upstream-deadline';

/**
 * A readiness probe, handed to observability/readiness.ts by create-api.ts. Proxy mode: the gateway
 * answers a status request with no IDs and no token with JSON (an envelope refusing it is fine: it
 * answered) within timeoutMs. Nothing is read past the head.
 */
export function gatewayAnswers(gatewayUrl: string, timeoutMs: number, doFetch: typeof fetch = fetch): () => Promise<string | null> {
  const target = `${gatewayUrl}${OPERATION_PATHS.taskStatus}`;
  return async () => {
    const deadline = upstreamDeadline(timeoutMs);
    try {
      const answer = await doFetch(target, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: '{}',
        redirect: 'manual',
        signal: deadline.signal,
      });
      await answer.body?.cancel().catch(() => undefined);
      const type = (answer.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
      if (type !== 'application/json') return `the gateway answered HTTP ${answer.status} without JSON`;
      return null;
    } catch {
      return deadline.expired ? `the gateway did not answer within ${timeoutMs} ms` : 'the gateway is unreachable';
    } finally {
      deadline.end();
    }
  };
}
