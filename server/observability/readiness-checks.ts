import { OPERATION_PATHS } from '#contract';
import type { Db } from '../gateway/storage/db-types';
import { upstreamDeadline } from '../proxy/upstream-deadline';

/**
 * Embedded mode: the database takes a committed write (one row of `meta`, synchronous=FULL), so a
 * full disk, a read-only file system or a closed database makes the server not ready.
 */
export function databaseWritable(db: Db): () => string | null {
  return () => {
    try {
      db.prepare("INSERT INTO meta (key, value) VALUES ('readyz', ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value").run(
        String(Date.now()),
      );
      return null;
    } catch (err) {
      const code = (err as { code?: unknown } | null)?.code;
      return `the database is not writable${typeof code === 'string' && /^[A-Z_]{1,40}$/.test(code) ? ` (${code})` : ''}`;
    }
  };
}

/**
 * Proxy mode: the gateway answers a status request with no IDs and no token with JSON (an envelope
 * refusing it is fine: it answered) within timeoutMs. Nothing is read past the head.
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
