import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operations } from '#contract';
import { observedProxyServer, type ObservedServer } from '../testing/observed-stack';
import { closeWithConnections, listenOnLoopback } from '../testing/loopback-server';

/**
 * Statuses the fake gateway answers with, in turn: every one from 200 to 599 once, less those a fetch cannot carry whole
 * (no body: 204, 205, 304; 407 is a network error to fetch, and it sends a 421 again). Each once is all the rule needs:
 * 1,000 seeded random draws sent about 370 of them, some many times.
 */
const STATUSES = Array.from({ length: 400 }, (_, i) => 200 + i).filter((s) => ![204, 205, 304, 407, 421].includes(s));

let gateway: Server;
let proxy: ObservedServer;
let answered = 0;

beforeAll(async () => {
  gateway = createServer((req, res) => {
    req.resume();
    const status = STATUSES[answered++ % STATUSES.length]!;
    res.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify({ code: status, message: 'x', data: null }));
  });
  const port = await listenOnLoopback(gateway);
  proxy = await observedProxyServer(`http://127.0.0.1:${port}/api`);
});
afterAll(async () => {
  await proxy?.close();
  if (gateway) await closeWithConnections(gateway);
});

describe('proxy mode: the gateway status in /metrics', () => {
  it('every gateway status from 200 to 599 makes a small closed set of status labels, not one series per status', async () => {
    const seen = new Set<number>();
    for (const _ of STATUSES) {
      const res = await fetch(`${proxy.url}/api${operations.taskStatus.path}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-User-Id': '1', Authorization: 'Bearer t' },
        body: '{"taskIds":["1"]}',
      });
      seen.add(res.status);
      await res.arrayBuffer();
    }
    expect(seen.size).toBeGreaterThan(250); // the proxy passed the statuses on as they came
    await expect.poll(() => proxy.lines.length).toBe(STATUSES.length);
    const text = await proxy.scrape();
    const labels = [
      ...text.matchAll(
        /^http_server_request_duration_seconds_count\{[^}]*http_route="\/api\/textRemoval\/taskStatus"[^}]*http_response_status_code="([^"]+)"\}/gm,
      ),
    ].map((m) => m[1]!);
    expect(labels.length).toBeGreaterThan(4);
    expect(labels.length).toBeLessThanOrEqual(30);
    for (const label of labels) expect(label).toMatch(/^(?:[2-5]xx|other|\d{3})$/);
    // A status this server never writes itself is counted by its class.
    expect(labels).not.toContain('418');
    expect(labels).toEqual(expect.arrayContaining(['2xx', '4xx', '5xx']));
  });
});
