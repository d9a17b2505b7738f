import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import type { Connection } from '@/lib/connection-profile';
import { watchListStore } from '../watch-list/watch-list-store';
import { checkAddedTasks, refreshAll } from './check-now';
import { watchListPollQueryOptions } from './poll-watch-list';

const connection: Connection = { gatewayUrl: '/api', token: 'secret-token', userId: '42', channel: '', appSource: '' };
const ids = Array.from({ length: 250 }, (_, i) => `Service_AI_${i}`);
let statusOf: (id: string) => number | null;
let fetchMock: ReturnType<typeof vi.fn>;

function answer(taskIds: string[]) {
  const data = taskIds.flatMap((taskId) => {
    const s = statusOf(taskId);
    if (s === null) return [];
    return [
      {
        taskId,
        taskStatus: s,
        taskProgress: s === 4 ? 100 : 50,
        errorCode: 0,
        targetVideoUrl: s === 4 ? `http://gw/v/${taskId}.mp4` : null,
        updateTime: 1,
      },
    ];
  });
  return new Response(JSON.stringify({ code: 0, message: 'OK', data }), { status: 200 });
}

const clients: QueryClient[] = [];
const newClient = () => {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  clients.push(client);
  return client;
};
const interval = (client: QueryClient, options: ReturnType<typeof watchListPollQueryOptions>) => {
  const fn = options.refetchInterval as (q: unknown) => number | false;
  return fn(client.getQueryCache().find({ queryKey: options.queryKey }));
};

/** The clock moves on by `ms` (only Date is faked): live tasks are due again an interval after their last check. */
const later = (ms: number) => vi.setSystemTime(Date.now() + ms);

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  statusOf = () => 3;
  fetchMock = vi.fn((_url: string, init: RequestInit) =>
    Promise.resolve(answer((JSON.parse(String(init.body)) as { taskIds: string[] }).taskIds)),
  );
  vi.stubGlobal('fetch', fetchMock);
  // A new array each test: the rows derived for a list are kept by its identity (board-rows.ts), and a list another test
  // polled would come with that test's open tasks.
  watchListStore.set({ scope: 'test', ids: [...ids], loaded: true });
});
afterEach(async () => {
  // A cycle a test left running (held answers, a cancelled poll) would otherwise ask the next test's fetch.
  await Promise.all(clients.splice(0).map((client) => client.cancelQueries()));
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('watchListPollQueryOptions', () => {
  it('keys by gateway and user, never the token', () => {
    const { queryKey } = watchListPollQueryOptions(connection, 5_000);
    expect(queryKey).toEqual(['task-status', '/api', '42', 'watch-list']);
    expect(JSON.stringify(queryKey)).not.toContain('secret-token');
  });

  it('asks for 250 IDs in 3 batches of at most 100, and keeps polling while they are live', async () => {
    const client = newClient();
    const options = watchListPollQueryOptions(connection, 2_000);
    const board = await client.fetchQuery(options);
    expect(fetchMock.mock.calls.map(([, init]) => (JSON.parse(String(init.body)) as { taskIds: string[] }).taskIds.length)).toEqual([
      100, 100, 50,
    ]);
    expect(board.tasks.size).toBe(250);
    expect(interval(client, options)).toBe(2_000);
  });

  it('reads a board’s open tasks once for its delays: later asks count down with the clock, a new board is read anew', async () => {
    const client = newClient();
    const options = watchListPollQueryOptions(connection, 2_000);
    const board = await client.fetchQuery(options);
    const reads = vi.spyOn(board.tasks, 'get');
    later(500);
    expect(interval(client, options)).toBe(1_500);
    const afterFirst = reads.mock.calls.length;
    later(1_000);
    expect(interval(client, options)).toBe(500);
    later(1_000);
    // Overdue: the shortest wait.
    expect(interval(client, options)).toBe(250);
    expect(reads.mock.calls.length).toBe(afterFirst);
    reads.mockRestore();
    // The next cycle's board: its checks are newer, so the live tasks are due an interval on.
    await client.fetchQuery({ ...options, staleTime: 0 });
    expect(interval(client, options)).toBe(2_000);
  });

  it('sends one signal to every batch: cancelling the poll aborts them all', async () => {
    const client = newClient();
    const options = watchListPollQueryOptions(connection, 2_000);
    const signals: AbortSignal[] = [];
    fetchMock.mockImplementation((_url: string, init: RequestInit) => {
      signals.push(init.signal!);
      // No answer; rejected when aborted, as fetch is (a request left open would hold its place after the test).
      return new Promise((_, reject) => init.signal!.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError'))));
    });
    void client.fetchQuery(options).catch(() => undefined);
    await vi.waitFor(() => expect(signals).toHaveLength(3));
    await client.cancelQueries({ queryKey: options.queryKey });
    expect(signals.every((s) => s.aborted)).toBe(true);
  });

  it('stops (refetchInterval false, no requests) once every task is terminal', async () => {
    const client = newClient();
    const options = watchListPollQueryOptions(connection, 2_000);
    statusOf = (id) => (id.endsWith('7') ? 5 : 4);
    await client.fetchQuery(options);
    expect(interval(client, options)).toBe(false);
    fetchMock.mockClear();
    await client.refetchQueries({ queryKey: options.queryKey });
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('polls only the live tasks after the first cycle, and not-found IDs only on Refresh now', async () => {
    const client = newClient();
    const options = watchListPollQueryOptions(connection, 2_000);
    statusOf = (id) => (id === 'Service_AI_0' ? 3 : id === 'Service_AI_1' ? null : 4);
    await client.fetchQuery(options);
    fetchMock.mockClear();
    later(2_000);
    await client.fetchQuery({ ...options, staleTime: 0 });
    expect(fetchMock.mock.calls.map(([, init]) => (JSON.parse(String(init.body)) as { taskIds: string[] }).taskIds)).toEqual([
      ['Service_AI_0'],
    ]);
    fetchMock.mockClear();
    await refreshAll(client, connection);
    expect(fetchMock.mock.calls.map(([, init]) => (JSON.parse(String(init.body)) as { taskIds: string[] }).taskIds)).toEqual([
      ['Service_AI_0', 'Service_AI_1'],
    ]);
  });

  it('backs off exponentially after failures and keeps the last good board', async () => {
    const client = newClient();
    const options = watchListPollQueryOptions(connection, 2_000);
    await client.fetchQuery(options);
    fetchMock.mockImplementation(() => Promise.reject(new TypeError('Failed to fetch')));
    later(2_000);
    await expect(client.fetchQuery({ ...options, staleTime: 0 })).rejects.toMatchObject({ kind: 'network' });
    expect(interval(client, options)).toBe(4_000);
    later(4_000);
    await expect(client.fetchQuery({ ...options, staleTime: 0 })).rejects.toBeTruthy();
    expect(interval(client, options)).toBe(8_000);
    expect(client.getQueryData(options.queryKey)?.tasks.size).toBe(250);
    fetchMock.mockImplementation((_url: string, init: RequestInit) =>
      Promise.resolve(answer((JSON.parse(String(init.body)) as { taskIds: string[] }).taskIds)),
    );
    later(8_000);
    await client.fetchQuery({ ...options, staleTime: 0 });
    expect(interval(client, options)).toBe(2_000);
    fetchMock.mockImplementation(() => Promise.reject(new TypeError('Failed to fetch')));
    later(2_000);
    await expect(client.fetchQuery({ ...options, staleTime: 0 })).rejects.toBeTruthy();
    expect(interval(client, options)).toBe(4_000);
  });
});

describe('a big cycle', () => {
  it('asks for 2,550 IDs once each (26 batches, merged in slices) and shows them as one cycle', async () => {
    const many = Array.from({ length: 2_550 }, (_, i) => `Service_AI_big_${i}`);
    watchListStore.set({ scope: 'test', ids: many, loaded: true });
    statusOf = (id) => (id.endsWith('7') ? 5 : 3);
    const client = newClient();
    const board = await client.fetchQuery(watchListPollQueryOptions(connection, 2_000));
    const asked = fetchMock.mock.calls.flatMap(([, init]) => (JSON.parse(String(init.body)) as { taskIds: string[] }).taskIds);
    expect(asked).toHaveLength(2_550);
    expect(new Set(asked).size).toBe(2_550);
    expect(board.cycle).toBe(1);
    expect(board.requests).toBe(26);
    expect(board.tasks.size).toBe(2_550);
    expect(board.tasks.get('Service_AI_big_2547')?.item?.taskStatus).toBe(5);
    expect(board.tasks.get('Service_AI_big_2548')?.item?.taskStatus).toBe(3);
  });
});

describe('checking tasks just added', () => {
  it('lets a cycle in flight finish (no request aborted), then asks for the new IDs only', async () => {
    const client = newClient();
    const options = watchListPollQueryOptions(connection, 2_000);
    const held: Array<{ ids: string[]; signal: AbortSignal; answer: () => void }> = [];
    fetchMock.mockImplementation((_url: string, init: RequestInit) => {
      const taskIds = (JSON.parse(String(init.body)) as { taskIds: string[] }).taskIds;
      return new Promise<Response>((resolve) => held.push({ ids: taskIds, signal: init.signal!, answer: () => resolve(answer(taskIds)) }));
    });
    const first = client.fetchQuery(options);
    await vi.waitFor(() => expect(held).toHaveLength(3));
    watchListStore.set({ scope: 'test', ids: [...ids, 'Service_AI_new'], loaded: true });
    const checked = checkAddedTasks(client, connection);
    held.forEach((h) => h.answer());
    await first;
    await vi.waitFor(() => expect(held).toHaveLength(4));
    held.slice(3).forEach((h) => h.answer());
    await checked;
    expect(held.some((h) => h.signal.aborted)).toBe(false);
    // The 250 live tasks were checked a moment ago: they stay on their beat, not asked again with the new one.
    expect(held.slice(3).map((h) => h.ids)).toEqual([['Service_AI_new']]);
    expect(client.getQueryData(options.queryKey)?.tasks.get('Service_AI_new')?.item?.taskStatus).toBe(3);
  });
});
