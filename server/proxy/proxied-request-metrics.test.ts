import { describe, expect, it } from 'vitest';
import { createProxiedRequestMetrics } from './proxied-request-metrics';

function recorder() {
  const batches: number[] = [];
  const texts: unknown[] = [];
  const observe = createProxiedRequestMetrics({ statusBatch: (n) => batches.push(n), speechText: (t) => texts.push(t) });
  return { observe, batches, texts };
}
const bytes = (body: unknown) => new TextEncoder().encode(typeof body === 'string' ? body : JSON.stringify(body));

describe('the proxy counts the IDs of a status body', () => {
  it('distinct IDs, taskId merged, the same for a body seen again', () => {
    const { observe, batches } = recorder();
    const body = bytes({ taskId: 'Service_AI_x', taskIds: ['Service_AI_a', 'Service_AI_b', 'Service_AI_a', 'Service_AI_x'] });
    observe('taskStatus', body);
    observe('taskStatus', body);
    observe('taskStatus', bytes('not json'));
    observe('taskStatus', bytes({ taskIds: [] }));
    expect(batches).toEqual([3, 3]);
  });

  it('never takes one remembered body for another of the same length and sampled bytes', () => {
    const { observe, batches } = recorder();
    const ids = Array.from({ length: 100 }, (_, i) => `Service_AI_${String(i).padStart(30, '0')}`);
    const a = bytes({ taskIds: ids });
    // The same bytes but one ID repeated: the fingerprint samples every 64th-or-so byte, not this one.
    const b = a.slice();
    const at = new TextDecoder().decode(a).indexOf(ids[1]!) + ids[1]!.length - 1;
    expect(at % Math.max(1, a.byteLength >>> 6)).not.toBe(0);
    b[at] = a[new TextDecoder().decode(a).indexOf(ids[0]!) + ids[0]!.length - 1]!;
    observe('taskStatus', a);
    observe('taskStatus', b);
    observe('taskStatus', a);
    expect(batches).toEqual([100, 99, 100]);
  });

  it("passes a speech body's text on, anything else as nothing", () => {
    const { observe, texts } = recorder();
    observe('textToSpeech', bytes({ sourceText: 'hello' }));
    observe('textToSpeech', bytes('[1'));
    expect(texts).toEqual(['hello', undefined]);
  });
});
