import type { Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

/**
 * Graceful shutdown. On SIGTERM/SIGINT the server stops accepting connections, closes the idle
 * keep-alive ones, lets requests in flight finish within a grace period (SHUTDOWN_GRACE_SECONDS),
 * and answers each of them (and any request still arriving on an open socket) with
 * `Connection: close`, so a client or balancer moves to another instance instead of reusing a
 * socket that is about to go. What is still running when the grace is over is cut.
 * isDraining() is for a readiness probe (/readyz answers "not ready" while draining).
 */
let draining = false;
/**
 * The newest unfinished answer of each socket, on every watched server: when the drain begins, it
 * gets `Connection: close` if not yet sent (only the newest: answers to pipelined requests before it
 * still go out on the same socket).
 */
const newest = new Map<Socket, ServerResponse>();

export function isDraining(): boolean {
  return draining;
}

/** Only for tests that drain a server and then go on in the same process. */
export function resetDrainingForTests(): void {
  draining = false;
}

/** Marks every answer given while draining `Connection: close` (Node then closes the socket after it). */
export function watchDraining(server: Server): void {
  server.prependListener('request', (req, res) => {
    if (draining) return void res.setHeader('Connection', 'close');
    const socket = req.socket;
    newest.set(socket, res);
    res.once('close', () => newest.get(socket) === res && newest.delete(socket));
  });
}

/**
 * Stops accepting, waits for the requests in flight (at most graceMs), then closes what is left.
 * Resolves 'drained' when every connection ended by itself, 'cut' when some were closed at the bound.
 */
export function drainServer(server: Server, { graceMs }: { graceMs: number }): Promise<'drained' | 'cut'> {
  draining = true;
  for (const res of newest.values()) if (!res.headersSent) res.setHeader('Connection', 'close');
  newest.clear();
  return new Promise((resolve) => {
    let outcome: 'drained' | 'cut' = 'drained';
    // A socket that finishes its last answer becomes idle: close it then rather than at its keep-alive timeout.
    const sweep = setInterval(() => server.closeIdleConnections(), 50);
    const cut = setTimeout(() => {
      outcome = 'cut';
      server.closeAllConnections();
    }, graceMs);
    server.close(() => {
      clearInterval(sweep);
      clearTimeout(cut);
      resolve(outcome);
    });
    server.closeIdleConnections();
  });
}
