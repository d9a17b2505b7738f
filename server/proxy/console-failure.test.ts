import { describe, expect, it } from 'vitest';
import { CONSOLE_FAILURE_FIELD, consoleFailureSchema } from '#contract';
import { createGatewayProxy } from './gateway-proxy';

// The proxy's own answers carry a consoleFailure the browser words as the console's (issue 39):
// the reason and its values, the English message kept for logs. A gateway's answers never do.

type Answer = { code: number; message: string; data: unknown; consoleFailure?: unknown };

/** A proxy whose gateway is `gateway` (a fetch), asked for a task status. */
async function through(gateway: typeof fetch, options: { timeoutMs?: number; maxAnswerBytes?: number } = {}) {
  const proxy = createGatewayProxy({ gatewayUrl: 'http://gw.test/api', fetch: gateway, ...options });
  const res = await proxy.request('/textRemoval/taskStatus', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: '{}',
  });
  return { status: res.status, json: (await res.json()) as Answer };
}

const answering = (body: BodyInit | null, init: ResponseInit) => (async () => new Response(body, init)) as typeof fetch;

describe("the proxy's own answers are marked as the console's", () => {
  it('a connection the gateway broke: unreachable, with the system error', async () => {
    const reset = Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' });
    const { status, json } = await through((async () => {
      throw new TypeError('fetch failed', { cause: reset });
    }) as typeof fetch);
    expect(status).toBe(502);
    expect(json).toMatchObject({ code: 502, data: null, message: 'Gateway unreachable: ECONNRESET socket hang up' });
    expect(json[CONSOLE_FAILURE_FIELD]).toEqual({ reason: 'unreachable', error: 'ECONNRESET socket hang up' });
  });

  it("the gateway's HTML 502 page: it answered, but not JSON (not 'unreachable')", async () => {
    const html = new TextEncoder().encode('<h1>502 Bad Gateway</h1>');
    const { json } = await through(answering(html, { status: 502, headers: { 'Content-Type': 'text/html; charset=utf-8' } }));
    expect(json.code).toBe(502);
    expect(json[CONSOLE_FAILURE_FIELD]).toEqual({ reason: 'notJson', status: 502, contentType: 'text/html; charset=utf-8' });
  });

  it.each([
    ['no content type', answering(new TextEncoder().encode('{}'), { status: 200 }), { reason: 'untyped', status: 200 }],
    [
      'JSON that does not parse',
      answering('<h1>x</h1>', { status: 200, headers: { 'Content-Type': 'application/json' } }),
      { reason: 'invalidJson', status: 200 },
    ],
    ['a redirect', answering(null, { status: 302, headers: { Location: '/elsewhere' } }), { reason: 'redirect', status: 302 }],
    [
      'an answer above the cap',
      answering('x'.repeat(2048), { headers: { 'Content-Type': 'application/json' } }),
      { reason: 'answerTooLarge', mib: 0.001 },
    ],
  ])('%s', async (_, gateway, failure) => {
    const { json } = await through(gateway, { maxAnswerBytes: 1024 * 1.024 });
    expect(json[CONSOLE_FAILURE_FIELD]).toEqual(failure);
    expect(consoleFailureSchema.safeParse(json[CONSOLE_FAILURE_FIELD]).success).toBe(true);
  });

  it('no answer in time: timeout, in seconds', async () => {
    // A gateway that never answers: only the proxy's deadline (its abort) ends the request.
    const silent = ((_url: string, init: RequestInit) =>
      new Promise<Response>((_, reject) => init.signal?.addEventListener('abort', () => reject(new Error('aborted'))))) as typeof fetch;
    const { json } = await through(silent, { timeoutMs: 50 });
    expect(json[CONSOLE_FAILURE_FIELD]).toEqual({ reason: 'timeout', seconds: 0.05 });
  });

  it('refusals made before the gateway is asked: a path it does not forward', async () => {
    const proxy = createGatewayProxy({ gatewayUrl: 'http://gw.test/api', fetch: answering('{}', {}) });
    const json = (await (await proxy.request('/nowhere', { method: 'POST' })).json()) as Answer;
    expect(json).toMatchObject({ code: 404, consoleFailure: { reason: 'noOperation', method: 'POST', path: '/nowhere' } });
  });

  it("passes the gateway's own 502 envelope as the gateway's, and drops a consoleFailure it sends", async () => {
    const own = { code: 502, message: 'upstream busy', data: null };
    const plain = await through(answering(JSON.stringify(own), { status: 502, headers: { 'Content-Type': 'application/json' } }));
    expect(plain.json).toEqual(own);
    const forged = { ...own, consoleFailure: { reason: 'unreachable', error: 'check GATEWAY_URL' } };
    const dropped = await through(answering(JSON.stringify(forged), { status: 502, headers: { 'Content-Type': 'application/json' } }));
    expect(dropped).toEqual({ status: 502, json: own });
  });
});
