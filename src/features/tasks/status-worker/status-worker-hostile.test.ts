import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { sliceItems } from '../testing/slice-items';
import type { Connection } from '@/lib/connection-profile';
import { GatewayRequestError } from '@/lib/gateway-error';
import { MARKUP_TEXT } from '@/testing/hostile-gateway/hostile-cases';
import { startHostileGateway, type HostileGateway } from '@/testing/hostile-gateway/hostile-gateway';
import { renderAlert } from '@/testing/hostile-gateway/render-alert';
import { createStatusWorkerHandler, type StatusWorkerReply } from './status-worker-messages';

// The status worker's code (fetch, capped read, envelope and contract checks) against the same hostile
// gateway the browser journeys use, over real HTTP: the cases moved here from e2e/hostile-gateway-tasks.spec.ts
// (docs/performance.md lists them); one browser journey per class of hostility stays there.

let gateway: HostileGateway;
beforeAll(async () => {
  gateway = await startHostileGateway();
});
afterAll(async () => gateway.close());
afterEach(() => vi.restoreAllMocks());

const ids = ['Service_AI_hostile_1', 'Service_AI_hostile_2', 'Service_AI_hostile_3'];
const connectionTo = (gatewayUrl: string): Connection => ({ gatewayUrl, token: 'dev-token', userId: '4242', channel: '', appSource: '' });

/** One poll cycle through the worker's handler, its replies structured-cloned as postMessage sends them. */
async function cycle(gatewayUrl: string, batch = ids): Promise<StatusWorkerReply> {
  const replies: StatusWorkerReply[] = [];
  const handle = createStatusWorkerHandler((reply) => replies.push(structuredClone(reply)));
  await handle({ type: 'cycle', id: 1, connection: connectionTo(gatewayUrl), batches: [batch], sliceBatches: Infinity });
  expect(replies).toHaveLength(1);
  return replies[0]!;
}

/** The error the page rebuilds from a failed cycle, as its alert shows it. */
async function failedAlert(gatewayUrl: string) {
  const reply = await cycle(gatewayUrl);
  if (reply.type !== 'failed') throw new Error(`expected a failed cycle, got ${reply.type}`);
  return renderAlert(new GatewayRequestError(reply.error));
}

/** Cases that end a cycle in one error, and what its alert has to say (the browser journeys' words). */
const failing: [name: string, says: RegExp[]][] = [
  ['error-markup', [/code 99999/, /Gateway message:/]],
  ['task-id-number', [/Unexpected answer/, /breaks the contract \(0\.taskId/]],
  ['data-string', [/Unexpected answer/, /breaks the contract \(data/]],
  ['data-null', [/Unexpected answer/, /breaks the contract \(data/]],
  ['code-string', [/Not a gateway/, /not a gateway envelope with code, message and data/]],
  ['not-json', [/Not a gateway/, /not valid JSON/]],
  ['empty', [/Not a gateway/, /was empty/]],
  ['html-200', [/Not a gateway/, /HTTP 200\) was an HTML page/]],
  ['html-429', [/Too many requests/, /HTTP 429/, /was an HTML page/]],
  ['html-500', [/HTTP 500 from the gateway/, /was an HTML page/]],
  ['html-502', [/HTTP 502 from the gateway/, /was an HTML page/]],
  ['huge', [/too large/i, /more than 2 MiB/]],
  ['huge-declared', [/too large/i, /more than 2 MiB/]],
  [
    'drop-before-answer',
    [/Gateway unreachable/, /Could not reach http:\/\/127\.0\.0\.1:\d+\/case\/drop-before-answer\/textRemoval\/taskStatus/],
  ],
  ['drop-mid-answer', [/connection/i, /broke off while the answer was being read/]],
];

describe('the status worker against a hostile gateway', () => {
  it.each(failing)('%s: one specific error, the gateway markup as text', async (name, says) => {
    const alert = await failedAlert(gateway.caseUrl(name));
    for (const s of says) expect(alert.text).toMatch(s);
    if (name === 'error-markup') expect(alert.text).toContain(`Gateway message: ${MARKUP_TEXT}`);
    expect(alert.elementsFromMarkup).toBe(0);
  });

  it('extra fields (including __proto__ and constructor) are ignored: every item is read, no prototype polluted', async () => {
    const reply = await cycle(gateway.caseUrl('extra-fields'));
    if (reply.type !== 'done') throw new Error(`expected a done cycle, got ${reply.type}`);
    expect(reply.slice && sliceItems([ids], reply.slice).map((i) => [i.taskId, i.taskProgress])).toEqual(ids.map((id) => [id, 40]));
    expect(reply.slice?.problems).toEqual([]);
    expect((Object.prototype as { polluted?: unknown }).polluted).toBeUndefined();
    expect(({} as { polluted?: unknown }).polluted).toBeUndefined();
  });

  it('status-string: the item with a string taskStatus is a problem of its own, not a failed cycle', async () => {
    const reply = await cycle(gateway.caseUrl('status-string'));
    if (reply.type !== 'done') throw new Error(`expected a done cycle, got ${reply.type}`);
    expect(reply.slice?.problems.map((p) => p.taskId).toSorted()).toEqual(ids);
    expect(reply.slice?.problems.every((p) => /taskStatus/.test(JSON.stringify(p)))).toBe(true);
  });

  // The 20 s client timeout, run out when the gateway has the request instead of after 20 real seconds: the timer
  // (AbortSignal.timeout) is replaced by one this test fires. The stall case holds its answer for 30 s.
  it('a stall ends in a timeout error that names the 20 s client timeout', async () => {
    const timers: AbortController[] = [];
    const timeout = vi.spyOn(AbortSignal, 'timeout').mockImplementation(() => {
      const timer = new AbortController();
      timers.push(timer);
      return timer.signal;
    });
    const asked = gateway.requested('stall', 'taskStatus');
    const replied = cycle(gateway.caseUrl('stall'));
    await asked;
    expect(timeout).toHaveBeenCalledWith(20_000);
    for (const timer of timers) timer.abort(new DOMException('The operation timed out.', 'TimeoutError'));
    const reply = await replied;
    if (reply.type !== 'failed') throw new Error(`expected a failed cycle, got ${reply.type}`);
    const alert = await renderAlert(new GatewayRequestError(reply.error));
    expect(alert.text).toMatch(/The gateway did not answer in time/);
    expect(alert.text).toContain('No answer within 20 s');
  });

  // The page's stale banner and recovery are a browser journey (drop-mid-answer there); here, that each hostile
  // answer between good ones fails only its own cycle and the next good one reads again.
  it.each([
    ['huge', /more than 2 MiB/],
    ['error-markup', /code 99999/],
    ['html-502', /HTTP 502 from the gateway/],
  ] as const)('%s between good answers fails only its own cycle', async (name, says) => {
    const key = `unit-${name}`;
    gateway.setSwitch(key, 'good');
    const first = await cycle(gateway.switchUrl(key));
    expect(first.type === 'done' && first.slice && sliceItems([ids], first.slice).map((i) => i.taskProgress)).toEqual([40, 40, 40]);
    gateway.setSwitch(key, name);
    const alert = await failedAlert(gateway.switchUrl(key));
    expect(alert.text).toMatch(says);
    gateway.setSwitch(key, 'good-later');
    const again = await cycle(gateway.switchUrl(key));
    expect(again.type === 'done' && again.slice && sliceItems([ids], again.slice).map((i) => i.taskProgress)).toEqual([70, 70, 70]);
  });
});
