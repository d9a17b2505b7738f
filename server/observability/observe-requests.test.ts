import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operations } from '#contract';
import { SCRAPE_TOKEN, observedEmbeddedServer, observedProxyServer, type ObservedServer } from '../testing/observed-stack';
import { TEST_TOKEN, type TestGateway } from '../testing/test-gateway';
import type { AccessLogEntry } from './observe-requests';

const USER_ID = '987654321';
const QUERY_SECRET = 'querysecret0123456789';
const PROMTOOL = '/usr/bin/promtool';

let embedded: ObservedServer & { gateway: TestGateway };
let proxy: ObservedServer;
let taskIds: string[] = [];

beforeAll(async () => {
  embedded = await observedEmbeddedServer();
  proxy = await observedProxyServer(`${embedded.url}/api`);
  taskIds = await embedded.gateway.createTasks(USER_ID, { count: 3 });
});
afterAll(async () => {
  await proxy?.close();
  await embedded?.close();
});

const post = (base: string, path: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${base}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-User-Id': USER_ID, Authorization: `Bearer ${TEST_TOKEN}`, ...headers },
    body: JSON.stringify(body),
  });
const entries = (server: ObservedServer) => server.lines.map((line) => JSON.parse(line) as AccessLogEntry);
/** A sample's value in the scrape, by its exact series (name and labels). */
const sample = (text: string, series: string) => {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
};

describe('access log', () => {
  it('writes one JSON line per request: time, method, route pattern, status, envelope code, duration, bytes, request ID', async () => {
    const before = embedded.lines.length;
    const res = await post(embedded.url, `/api${operations.taskStatus.path}`, { taskIds });
    expect(res.status).toBe(200);
    await res.arrayBuffer();
    await expect.poll(() => embedded.lines.length).toBe(before + 1);
    const entry = entries(embedded).at(-1)!;
    expect(entry).toEqual({
      time: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      method: 'POST',
      route: '/api/textRemoval/taskStatus',
      status: 200,
      code: 0,
      durationMs: expect.any(Number),
      bytes: expect.any(Number),
      requestId: res.headers.get('x-request-id'),
    });
    expect(entry.bytes).toBeGreaterThan(Number(res.headers.get('content-length')));
  });

  it('never logs a token, a body, a query string or an ID', async () => {
    const before = embedded.lines.length;
    const res = await post(embedded.url, `/api${operations.taskStatus.path}?token=${QUERY_SECRET}&taskId=${taskIds[0]}`, { taskIds });
    await res.arrayBuffer();
    const files = await fetch(`${embedded.url}/api/files/video/${taskIds[0]}?sig=${QUERY_SECRET}`, {
      headers: { Authorization: `Bearer ${TEST_TOKEN}` },
    });
    await files.arrayBuffer();
    await expect.poll(() => embedded.lines.length).toBe(before + 2);
    const written = embedded.lines.slice(before).join('\n');
    for (const secret of [TEST_TOKEN, QUERY_SECRET, USER_ID, ...taskIds, '?', 'taskIds']) expect(written).not.toContain(secret);
    expect(
      entries(embedded)
        .slice(before)
        .map((e) => e.route),
    ).toEqual(['/api/textRemoval/taskStatus', '/api/files/*']);
  });

  it('keeps a sane X-Request-Id, replaces any other with a new one, and returns it', async () => {
    const sane = await fetch(`${embedded.url}/healthz`, { headers: { 'X-Request-Id': 'lb-7f3a.9_x-1' } });
    expect(sane.headers.get('x-request-id')).toBe('lb-7f3a.9_x-1');
    for (const bad of ['has space', 'x'.repeat(65), 'a/b', `Bearer ${TEST_TOKEN}`]) {
      const res = await fetch(`${embedded.url}/healthz`, { headers: { 'X-Request-Id': bad } });
      expect(res.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    }
    await expect.poll(() => entries(embedded).some((e) => e.requestId === 'lb-7f3a.9_x-1')).toBe(true);
  });

  it('proxy mode sends the request ID to the gateway and back', async () => {
    const res = await post(proxy.url, `/api${operations.taskStatus.path}`, { taskIds }, { 'X-Request-Id': 'trace-42' });
    expect(res.headers.get('x-request-id')).toBe('trace-42');
    expect((await res.json()) as { code: number }).toMatchObject({ code: 0 });
    await expect
      .poll(() =>
        entries(embedded)
          .filter((e) => e.requestId === 'trace-42')
          .map((e) => e.route),
      )
      .toEqual(['/api/textRemoval/taskStatus']);
    await expect.poll(() => entries(proxy).find((e) => e.requestId === 'trace-42')?.code).toBe(0);
  });
});

describe('metrics', () => {
  it('count requests by route pattern and envelope codes inside 200 answers, by operation', async () => {
    await (await post(embedded.url, `/api${operations.textToSpeech.path}`, { sourceText: 'Hello.' })).arrayBuffer(); // no voice: code 2000
    await (
      await post(embedded.url, `/api${operations.textToSpeech.path}`, { sourceText: 'é'.repeat(5001), voiceName: 'en-us' })
    ).arrayBuffer();
    await (await fetch(`${embedded.url}/api/nothing/${taskIds[0]}`)).arrayBuffer();
    const text = await embedded.scrape();
    expect(sample(text, 'console_gateway_responses_total{operation="textToSpeech",code="2000"}')).toBe(1);
    expect(sample(text, 'console_gateway_responses_total{operation="taskStatus",code="0"}')).toBeGreaterThanOrEqual(2);
    expect(
      sample(
        text,
        'http_server_request_duration_seconds_count{http_request_method="POST",http_route="/api/textRemoval/taskStatus",http_response_status_code="200"}',
      ),
    ).toBeGreaterThanOrEqual(2);
    expect(
      sample(
        text,
        'http_server_request_duration_seconds_count{http_request_method="GET",http_route="other",http_response_status_code="404"}',
      ),
    ).toBe(1);
    expect(sample(text, 'console_status_batch_ids_sum')).toBeGreaterThanOrEqual(6);
    expect(sample(text, 'console_tts_characters_total')).toBe(6 + 5000);
    expect(sample(text, 'console_tts_truncations_total')).toBe(1);
    expect(sample(text, 'console_speech_queue_depth')).toBe(0);
    expect(sample(text, 'console_build_info{version="0.0.0-test",mode="embedded"}')).toBe(1);
  });

  it('proxy mode: upstream duration by operation, upstream errors, the gateway envelope codes', async () => {
    await (await post(proxy.url, `/api${operations.textToSpeech.path}`, { sourceText: 'Hi.' })).arrayBuffer();
    const text = await proxy.scrape();
    expect(sample(text, 'console_upstream_request_duration_seconds_count{operation="taskStatus"}')).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'console_gateway_responses_total{operation="textToSpeech",code="2000"}')).toBe(1);
    expect(sample(text, 'console_tts_characters_total')).toBe(3);
    expect(sample(text, 'console_build_info{version="0.0.0-test",mode="proxy"}')).toBe(1);

    const down = await observedProxyServer('http://127.0.0.1:9/api');
    try {
      const res = await post(down.url, `/api${operations.taskStatus.path}`, { taskIds });
      expect(res.status).toBe(502);
      const scraped = await down.scrape();
      expect(sample(scraped, 'console_upstream_errors_total{operation="taskStatus",reason="network"}')).toBe(1);
      expect(sample(scraped, 'console_gateway_responses_total{operation="taskStatus",code="502"}')).toBe(1);
    } finally {
      await down.close();
    }
  });

  it('never carry a task ID, a user ID, a token or a URL in a label', async () => {
    const requestId = `rid${taskIds[1]!.replace(/[^A-Za-z0-9]/g, '')}`.slice(0, 64);
    for (const server of [embedded, proxy]) {
      await (
        await post(server.url, `/api${operations.taskStatus.path}?access_token=${QUERY_SECRET}`, { taskIds }, { 'X-Request-Id': requestId })
      ).arrayBuffer();
      await (await fetch(`${server.url}/api/files/audio/${taskIds[2]}.mp3?sig=${QUERY_SECRET}`)).arrayBuffer();
      await (await fetch(`${server.url}/api/_console/audio?u=${encodeURIComponent(`https://audio.example/${taskIds[0]}`)}`)).arrayBuffer();
      await (await fetch(`${server.url}/tasks/${taskIds[0]}?token=${QUERY_SECRET}`)).arrayBuffer();
      const text = await server.scrape();
      for (const secret of [...taskIds, USER_ID, TEST_TOKEN, SCRAPE_TOKEN, QUERY_SECRET, requestId, 'audio.example', 'https://', '?']) {
        expect(text, `${secret} in the scrape`).not.toContain(secret);
      }
    }
  });

  it.runIf(existsSync(PROMTOOL))('pass promtool check metrics (embedded and proxy scrapes)', async () => {
    for (const server of [embedded, proxy]) {
      // Exit 1: the text does not parse; exit 3: lint problems, one a line (prom-client's three
      // gauges named *_total were one, until the registry dropped them: console-metrics.ts).
      const checked = spawnSync(PROMTOOL, ['check', 'metrics'], { input: await server.scrape(), encoding: 'utf8' });
      expect(`${checked.stdout}${checked.stderr}`.trim()).toBe('');
      expect(checked.status).toBe(0);
    }
  });
});
