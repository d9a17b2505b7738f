import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sliceItems } from '../testing/slice-items';
import type { Connection } from '@/lib/connection-profile';
import { describeError } from '@/i18n/describe-error';
import { GatewayRequestError } from '@/lib/gateway-error';
import { LINK_AS_GIVEN } from './checked-link';
import { fetchStatusBatches } from './fetch-status-batches';
import { createStatusWorkerHandler, type StatusWorkerReply } from './status-worker-messages';

const connection: Connection = { gatewayUrl: 'https://gw.example.com', token: 'secret-token', userId: '42', channel: '', appSource: '' };
const batches = [['Service_AI_1', 'Service_AI_2'], ['Service_AI_3'], ['Service_AI_4', 'Service_AI_5']];
const item = (taskId: string) => ({ taskId, taskStatus: 3, taskProgress: 40, errorCode: 0, targetVideoUrl: null, updateTime: 1 });
const askedIds = (init?: RequestInit) => (JSON.parse(String(init?.body)) as { taskIds: string[] }).taskIds;
const envelope = (code: number, message: string, data: unknown = null, status = 200) =>
  new Response(JSON.stringify({ code, message, data }), { status, headers: { 'Content-Type': 'application/json' } });

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => {
  fetchMock.mockReset();
  fetchMock.mockImplementation((_url, init) => Promise.resolve(envelope(0, 'OK', askedIds(init).map(item))));
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

/** Runs one cycle through the worker's handler; replies go through structured clone, as postMessage sends them. */
async function viaHandler(request: { connection?: Connection; sliceBatches?: number } = {}) {
  const replies: StatusWorkerReply[] = [];
  const handle = createStatusWorkerHandler((reply) => replies.push(structuredClone(reply)));
  await handle({
    type: 'cycle',
    id: 7,
    connection: request.connection ?? connection,
    batches,
    sliceBatches: request.sliceBatches ?? Infinity,
  });
  return replies;
}

/** The error the page rebuilds from a failed reply. */
async function workerError(conn = connection): Promise<GatewayRequestError> {
  const last = (await viaHandler({ connection: conn })).at(-1)!;
  if (last.type !== 'failed') throw new Error(`expected a failed reply, got ${last.type}`);
  return new GatewayRequestError(last.error);
}

async function inThreadError(conn = connection): Promise<GatewayRequestError> {
  const signal = new AbortController().signal;
  const error = await fetchStatusBatches(conn, batches, signal, () => undefined, { sliceBatches: Infinity, recordHealth: false }).then(
    () => null,
    (e: unknown) => e,
  );
  if (!(error instanceof GatewayRequestError)) throw new Error('expected a GatewayRequestError');
  return error;
}

describe('the status worker message handler', () => {
  it('answers a cycle in one message: done, with the one slice of checked items naming its batches', async () => {
    const replies = await viaHandler();
    expect(replies.map((r) => r.type)).toEqual(['done']);
    const slice = replies[0]!.type === 'done' ? replies[0]!.slice : null;
    expect(slice?.batchIndexes.toSorted()).toEqual([0, 1, 2]);
    expect(
      slice &&
        sliceItems(batches, slice)
          .map((i) => i.taskId)
          .toSorted(),
    ).toEqual(batches.flat());
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });

  it('hands on a big cycle a slice at a time, and reports bad items by taskId', async () => {
    fetchMock.mockImplementation((_url, init) =>
      Promise.resolve(
        envelope(
          0,
          'OK',
          askedIds(init).map((id) => (id === 'Service_AI_4' ? { ...item(id), taskStatus: 'x' } : item(id))),
        ),
      ),
    );
    const replies = await viaHandler({ sliceBatches: 2 });
    expect(replies.map((r) => r.type)).toEqual(['slice', 'slice', 'done']);
    const slices = replies.flatMap((r) => (r.type === 'slice' ? [r.slice] : []));
    expect(slices.map((s) => s.batchIndexes.length)).toEqual([2, 1]);
    expect(slices.flatMap((s) => s.problems)).toEqual([
      { taskId: 'Service_AI_4', problem: expect.stringContaining('taskStatus') as string },
    ]);
  });

  it("checks each Finished item's result link: only an absolute http(s) URL becomes a link", async () => {
    const links: Record<string, string> = {
      Service_AI_1: 'https://gw/v1.mp4',
      Service_AI_2: 'javascript:alert(1)',
      Service_AI_3: '//gw/v3.mp4',
      Service_AI_4: 'HTTP://GW/v4.mp4',
    };
    fetchMock.mockImplementation((_url, init) =>
      Promise.resolve(
        envelope(
          0,
          'OK',
          askedIds(init).map((id) => ({ ...item(id), taskStatus: 4, targetVideoUrl: links[id] ?? null })),
        ),
      ),
    );
    const [first] = await viaHandler();
    const slice = first!.type === 'done' ? first!.slice : null;
    const linkOf = new Map(slice ? sliceItems(batches, slice).map((it, i) => [it.taskId, slice.answers.links[i]]) : []);
    expect(Object.fromEntries(linkOf)).toEqual({
      Service_AI_1: LINK_AS_GIVEN, // the answer's own string, not a second copy
      Service_AI_2: null,
      Service_AI_3: null,
      Service_AI_4: 'http://gw/v4.mp4',
      Service_AI_5: null,
    });
  });

  it('sends the token in the Authorization header only, never in the URL', async () => {
    await viaHandler();
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(String(url)).not.toContain('secret-token');
    expect((init?.headers as Record<string, string>).Authorization).toBe('Bearer secret-token');
  });

  it('cancels a cycle on its abort message: the requests are aborted and the cycle fails as cancelled', async () => {
    const signals: AbortSignal[] = [];
    fetchMock.mockImplementation(
      (_url, init) =>
        new Promise((_resolve, reject) => {
          signals.push(init!.signal!);
          init!.signal!.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
    );
    const replies: StatusWorkerReply[] = [];
    const handle = createStatusWorkerHandler((reply) => replies.push(reply));
    const cycle = handle({ type: 'cycle', id: 3, connection, batches, sliceBatches: Infinity });
    await vi.waitFor(() => expect(signals).toHaveLength(3));
    await handle({ type: 'abort', id: 3 });
    await cycle;
    expect(signals.every((s) => s.aborted)).toBe(true);
    expect(replies).toEqual([{ type: 'failed', id: 3, error: expect.objectContaining({ kind: 'aborted' }) as object }]);
  });
});

describe('an error crossing from the worker', () => {
  const cases: Array<[string, string, () => Promise<Response>, Connection?]> = [
    ['a refused token (401)', 'envelope', () => Promise.resolve(envelope(401, 'token expired', null, 401))],
    ['no token set', 'no-token', () => Promise.resolve(envelope(401, 'unauthorized', null, 401)), { ...connection, token: '' }],
    ['10091', 'envelope', () => Promise.resolve(envelope(10091, 'task not found'))],
    ['2107', 'envelope', () => Promise.resolve(envelope(2107, 'voice synthesis failed'))],
    ['2001', 'envelope', () => Promise.resolve(envelope(2001, 'parameter error'))],
    ['an unreachable cross-origin gateway', 'network', () => Promise.reject(new TypeError('Failed to fetch'))],
    ['an HTML error page', 'http', () => Promise.resolve(new Response('<html>502</html>', { status: 502 }))],
    ['not JSON', 'invalid-json', () => Promise.resolve(new Response('{oops', { status: 200 }))],
    ['JSON that is no envelope', 'not-gateway', () => Promise.resolve(new Response('{"ok":true}', { status: 200 }))],
    ['an item with no taskId', 'contract', () => Promise.resolve(envelope(0, 'OK', [{ taskStatus: 3 }]))],
  ];
  it.each(cases)('%s: same kind, code, message and advice as in the page', async (_name, kind, answer, conn) => {
    fetchMock.mockImplementation(answer);
    const inPage = await inThreadError(conn);
    fetchMock.mockImplementation(answer);
    const fromWorker = await workerError(conn);
    expect(fromWorker).toBeInstanceOf(GatewayRequestError);
    expect(fromWorker.kind).toBe(kind);
    expect({ ...fromWorker, message: fromWorker.message }).toEqual({ ...inPage, message: inPage.message });
    expect(describeError(fromWorker)).toEqual(describeError(inPage));
  });
});
