import type { CDPSession } from '@playwright/test';

/**
 * Logs each failed request to `path` with its network events as the browser saw them (CDP timestamps
 * in seconds): when it was sent, answered, how many bytes came, and how it failed. Tells a request
 * cancelled before its answer from one "cancelled" after every byte had arrived.
 */
export async function logFailedRequests(cdp: CDPSession, path: string, log: (line: string) => void): Promise<void> {
  await cdp.send('Network.enable');
  const seen = new Map<string, string[]>();
  const note = (id: string, what: string) => seen.get(id)?.push(what);
  cdp.on('Network.requestWillBeSent', (e) => {
    if (e.request.url.includes(path)) seen.set(e.requestId, [`sent ${e.timestamp.toFixed(3)}`]);
  });
  cdp.on('Network.responseReceived', (e) =>
    note(e.requestId, `${e.response.status} ${e.timestamp.toFixed(3)} (Content-Length ${e.response.headers['content-length'] ?? '-'})`),
  );
  cdp.on('Network.dataReceived', (e) => note(e.requestId, `${e.dataLength} bytes ${e.timestamp.toFixed(3)}`));
  cdp.on('Network.loadingFinished', (e) => seen.delete(e.requestId));
  cdp.on('Network.loadingFailed', (e) => {
    const events = seen.get(e.requestId);
    if (!events) return;
    seen.delete(e.requestId);
    log(
      `request ${e.requestId} failed: ${[...events, `${e.errorText}${e.canceled ? ' (cancelled)' : ''} ${e.timestamp.toFixed(3)}`].join(' | ')}`,
    );
  });
}
