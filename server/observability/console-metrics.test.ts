import { describe, expect, it } from 'vitest';
import { createConsoleMetrics } from './console-metrics';
import { ROUTE_LABELS } from './route-label';

const value = (text: string, series: string) => {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
};

describe('console metrics', () => {
  it('bounds labels: unknown envelope codes count as "other", unknown methods as _OTHER', async () => {
    const metrics = createConsoleMetrics({ version: '1', mode: 'proxy' });
    metrics.request('POST', ROUTE_LABELS.taskStatus, 200, 0.001, 123456789);
    metrics.request('PROPFIND', ROUTE_LABELS.other, 404, 0.001, 404);
    const text = await metrics.registry.metrics();
    expect(value(text, 'console_gateway_responses_total{operation="taskStatus",code="other"}')).toBe(1);
    expect(text).not.toContain('123456789');
    expect(
      value(
        text,
        'http_server_request_duration_seconds_count{http_request_method="_OTHER",http_route="other",http_response_status_code="404"}',
      ),
    ).toBe(1);
  });

  it('counts a status this server writes by value and any other by its class (a gateway can answer with any)', async () => {
    const metrics = createConsoleMetrics({ version: '1', mode: 'proxy' });
    for (const status of [200, 429, 499, 507, 201, 299, 418, 450, 599, 0, 99, 600, 1000, -1, 200.5])
      metrics.request('POST', ROUTE_LABELS.taskStatus, status, 0.001, undefined);
    const text = await metrics.registry.metrics();
    const labels = [
      ...text.matchAll(/^http_server_request_duration_seconds_count\{[^}]*http_response_status_code="([^"]+)"\} (\d+)/gm),
    ].map((m) => `${m[1]!}:${m[2]!}`);
    expect(labels.sort()).toEqual(['200:1', '2xx:2', '429:1', '499:1', '4xx:2', '507:1', '5xx:1', 'other:6'].sort());
  });

  it('counts synthesis 429s and every 507 answer', async () => {
    const metrics = createConsoleMetrics({ version: '1', mode: 'embedded' });
    metrics.request('POST', ROUTE_LABELS.textToSpeech, 429, 0.01, 429);
    metrics.request('POST', ROUTE_LABELS.taskStatus, 429, 0.01, 429);
    metrics.request('POST', ROUTE_LABELS.textToSpeech, 507, 0.01, 507);
    metrics.request('POST', ROUTE_LABELS.emulator, 507, 0.01, 507);
    const text = await metrics.registry.metrics();
    expect(value(text, 'console_speech_busy_total')).toBe(1);
    expect(value(text, 'console_storage_write_failures_total')).toBe(2);
  });

  it('reads the queue depth and readiness at scrape time', async () => {
    const metrics = createConsoleMetrics({ version: '1', mode: 'embedded' });
    let depth = 3;
    let ready = true;
    metrics.speechQueueDepth(() => depth);
    metrics.readiness(async () => ready);
    let text = await metrics.registry.metrics();
    expect(value(text, 'console_speech_queue_depth')).toBe(3);
    expect(value(text, 'console_ready')).toBe(1);
    depth = 0;
    ready = false;
    text = await metrics.registry.metrics();
    expect(value(text, 'console_speech_queue_depth')).toBe(0);
    expect(value(text, 'console_ready')).toBe(0);
  });
});
