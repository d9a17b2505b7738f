import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Connection } from '@/lib/connection-profile';
import type { StatusSlice } from './fetch-status-batches';
import { sliceItems } from '../testing/slice-items';
import { createStatusWorkerHandler, type StatusWorkerRequest } from './status-worker-messages';

const { recordGatewayOutcome } = vi.hoisted(() => ({ recordGatewayOutcome: vi.fn() }));
vi.mock('@/lib/connection-health', () => ({ recordGatewayOutcome }));

const connection: Connection = { gatewayUrl: '/api', token: 'secret-token', userId: '42', channel: '', appSource: '' };
const batches = [['Service_AI_1', 'Service_AI_2'], ['Service_AI_3']];
const item = (taskId: string) => ({ taskId, taskStatus: 3, taskProgress: 40, errorCode: 0, targetVideoUrl: null, updateTime: 1 });
const askedIds = (init?: RequestInit) => (JSON.parse(String(init?.body)) as { taskIds: string[] }).taskIds;
const envelope = (code: number, message: string, data: unknown = null) => new Response(JSON.stringify({ code, message, data }));

/** A dedicated worker in-process: messages cross by structured clone, as between threads. */
class FakeWorker {
  static created: FakeWorker[] = [];
  static failToLoad = false;
  onmessage: ((event: { data: unknown }) => void) | null = null;
  onerror: (() => void) | null = null;
  received: StatusWorkerRequest[] = [];
  private handle = createStatusWorkerHandler((reply) => setTimeout(() => this.onmessage?.({ data: structuredClone(reply) })));
  constructor() {
    FakeWorker.created.push(this);
    if (FakeWorker.failToLoad) setTimeout(() => this.onerror?.());
  }
  postMessage(request: StatusWorkerRequest) {
    this.received.push(structuredClone(request));
    if (!FakeWorker.failToLoad) void this.handle(structuredClone(request));
  }
  terminate() {}
}

/** A shared worker in-process: the page talks to its port, which answers as the worker's handler for that page. */
class FakeSharedWorker {
  static created: FakeSharedWorker[] = [];
  onerror: (() => void) | null = null;
  received: StatusWorkerRequest[] = [];
  closed = false;
  port = {
    onmessage: null as ((event: { data: unknown }) => void) | null,
    postMessage: (request: StatusWorkerRequest) => {
      this.received.push(structuredClone(request));
      void this.handle(structuredClone(request));
    },
    close: () => void (this.closed = true),
  };
  private handle = createStatusWorkerHandler((reply) => setTimeout(() => this.port.onmessage?.({ data: structuredClone(reply) })));
  constructor(
    readonly url: URL,
    readonly options: WorkerOptions,
  ) {
    FakeSharedWorker.created.push(this);
  }
}

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => {
  vi.resetModules();
  FakeWorker.created = [];
  FakeSharedWorker.created = [];
  FakeWorker.failToLoad = false;
  recordGatewayOutcome.mockReset();
  fetchMock.mockReset();
  fetchMock.mockImplementation((_url, init) => Promise.resolve(envelope(0, 'OK', askedIds(init).map(item))));
  vi.stubGlobal('fetch', fetchMock);
  vi.stubGlobal('Worker', FakeWorker);
});
afterEach(() => vi.unstubAllGlobals());

async function run(signal = new AbortController().signal) {
  const { runStatusCycle } = await import('./status-cycle');
  const slices: StatusSlice[] = [];
  const done = runStatusCycle(connection, batches, signal, (s) => slices.push(s), Infinity);
  return { slices, done };
}

describe('runStatusCycle in the status worker', () => {
  it('posts the cycle to one worker and hands on its checked items; the page records the good outcome', async () => {
    const { slices, done } = await run();
    await done;
    expect(FakeWorker.created).toHaveLength(1);
    expect(FakeWorker.created[0]!.received[0]).toMatchObject({ type: 'cycle', batches, connection });
    expect(slices.flatMap((s) => sliceItems(batches, s).map((i) => i.taskId)).toSorted()).toEqual(batches.flat());
    expect(recordGatewayOutcome).toHaveBeenCalledWith(connection, 'taskStatus', null);
  });

  it('rejects with a real GatewayRequestError of the same kind and code, and records it', async () => {
    fetchMock.mockImplementation(() => Promise.resolve(envelope(10091, 'task not found')));
    const { done } = await run();
    const error = await done.catch((e: unknown) => e);
    // The module registry was reset for a fresh worker: the class to match is the one the runner loaded.
    const { GatewayRequestError } = await import('@/lib/gateway-error');
    expect(error).toBeInstanceOf(GatewayRequestError);
    expect(error).toMatchObject({ kind: 'envelope', code: 10091, message: 'task not found', operation: 'taskStatus' });
    expect(recordGatewayOutcome).toHaveBeenCalledWith(connection, 'taskStatus', error);
  });

  it("cancels at once on the query's signal, and tells the worker to abort that cycle's requests", async () => {
    const signals: AbortSignal[] = [];
    fetchMock.mockImplementation((_url, init) => {
      signals.push(init!.signal!);
      return new Promise(() => undefined);
    });
    const controller = new AbortController();
    const { done } = await run(controller.signal);
    await vi.waitFor(() => expect(signals).toHaveLength(2));
    controller.abort();
    await expect(done).rejects.toMatchObject({ kind: 'aborted', message: 'Request cancelled' });
    expect(FakeWorker.created[0]!.received.at(-1)).toMatchObject({ type: 'abort' });
    await vi.waitFor(() => expect(signals.every((s) => s.aborted)).toBe(true));
    expect(recordGatewayOutcome).not.toHaveBeenCalled();
  });

  it('runs the cycle in the page when the worker cannot load', async () => {
    FakeWorker.failToLoad = true;
    const { slices, done } = await run();
    await done;
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(slices.flatMap((s) => s.batchIndexes).toSorted()).toEqual([0, 1]);
  });

  it('runs the cycle in the page where there is no Worker', async () => {
    vi.stubGlobal('Worker', undefined);
    const { slices, done } = await run();
    await done;
    expect(FakeWorker.created).toHaveLength(0);
    expect(slices.flatMap((s) => sliceItems(batches, s))).toHaveLength(3);
  });

  it('uses a shared worker where the browser has one (its requests are not reported to the page), through its port', async () => {
    vi.stubGlobal('SharedWorker', FakeSharedWorker);
    const { slices, done } = await run();
    await done;
    expect(FakeWorker.created).toHaveLength(0);
    expect(FakeSharedWorker.created).toHaveLength(1);
    expect(FakeSharedWorker.created[0]!.options).toMatchObject({ type: 'module', name: 'task-status' });
    expect(FakeSharedWorker.created[0]!.received[0]).toMatchObject({ type: 'cycle', batches, connection });
    expect(slices.flatMap((s) => sliceItems(batches, s).map((i) => i.taskId)).toSorted()).toEqual(batches.flat());
    expect(recordGatewayOutcome).toHaveBeenCalledWith(connection, 'taskStatus', null);
  });

  it('runs the cycle in the page when the shared worker cannot load, closes its port, and starts a dedicated worker for the next', async () => {
    vi.stubGlobal('SharedWorker', FakeSharedWorker);
    const { slices, done } = await run();
    FakeSharedWorker.created[0]!.onerror?.();
    await done;
    expect(FakeSharedWorker.created[0]!.closed).toBe(true);
    expect(slices.flatMap((s) => s.batchIndexes).toSorted()).toEqual([0, 1]);
    expect(FakeWorker.created).toHaveLength(0);
    const next = await run();
    await next.done;
    expect(FakeSharedWorker.created).toHaveLength(1);
    expect(FakeWorker.created).toHaveLength(1);
    expect(next.slices.flatMap((s) => sliceItems(batches, s))).toHaveLength(3);
  });

  it('starts a dedicated worker when the shared one cannot even be constructed', async () => {
    vi.stubGlobal(
      'SharedWorker',
      class {
        constructor() {
          throw new TypeError('module shared workers are not supported');
        }
      },
    );
    const { slices, done } = await run();
    await done;
    expect(FakeWorker.created).toHaveLength(1);
    expect(slices.flatMap((s) => sliceItems(batches, s))).toHaveLength(3);
  });
});
