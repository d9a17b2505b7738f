import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen, within } from '@testing-library/react';
import { boardRows } from '../../rows/board-rows';
import { mergeBoard } from '../../status-worker/merge-board';
import { EMPTY_BOARD } from '../../task/task-snapshot';
import { item } from '../../testing/snapshots';
import { createListSearch, type ListReply, type ListRequest } from '../../query/worker/list-search';
import { forgetListWorker, WORKER_FROM } from '../../query/worker/list-worker';
import { TaskList } from './task-list';

/** The list's worker in this thread (jsdom has none): its messages copied as a worker's are, its answers a task later. */
class InThreadWorker {
  /** How long an answer takes (a task later: 0). */
  static answerAfterMs = 0;
  static requests: ListRequest['kind'][] = [];
  static lastTerms: string[] = [];
  static lastTimes: number | null = null;
  static lastReset: number | null = null;
  onmessage: ((event: { data: ListReply }) => void) | null = null;
  onerror: (() => void) | null = null;
  private readonly handle = createListSearch((reply) => setTimeout(() => this.onmessage?.({ data: reply }), InThreadWorker.answerAfterMs));
  postMessage(request: ListRequest) {
    InThreadWorker.requests.push(request.kind);
    if (request.kind === 'reset') InThreadWorker.lastReset = request.total;
    if (request.kind === 'search') {
      InThreadWorker.lastTerms = request.terms.map((t) => t.kind);
      InThreadWorker.lastTimes = request.firstSeen?.length ?? null;
    }
    this.handle(structuredClone(request));
  }
}

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  forgetListWorker();
});

describe('TaskList over a long list, with the list’s worker', () => {
  it('sends the rows when idle, then has the worker filter and sort each query and poll update', async () => {
    vi.useFakeTimers();
    vi.stubGlobal('Worker', InThreadWorker);
    InThreadWorker.requests = [];
    forgetListWorker();
    vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(600);
    const ids = Array.from({ length: WORKER_FROM + 1_000 }, (_, i) => `Service_AI_${i.toString(16).padStart(8, '0')}`);
    // Every 50th task failed, with a code; the rest running at a progress of their own.
    const answers = ids.map((id, i) => (i % 50 === 0 ? item(id, 5, { errorCode: 3001 }) : item(id, 3, { taskProgress: i % 100 })));
    let board = mergeBoard(EMPTY_BOARD, ids, answers, 1_000, 1);
    const first = boardRows(ids, board);
    const props = { onQuery: vi.fn(), changed: new Set<string>(), stallMs: 60_000, freshness: 'live' as const };
    const { rerender, unmount } = render(<TaskList {...props} rows={first.rows} version={first.version} query="" />);
    // The rows go over in idle moments (4 ms timer slices where there is no requestIdleCallback).
    for (let i = 0; i < 200 && InThreadWorker.requests.filter((k) => k === 'rows').length * 4_096 < ids.length; i++)
      act(() => vi.advanceTimersByTime(60));
    expect(InThreadWorker.requests.filter((k) => k === 'rows').length).toBe(Math.ceil(ids.length / 4_096));
    // Once whole, one search answered to no one: the worker's JIT compiles its tests before the operator's first query.
    expect(InThreadWorker.requests.at(-1)).toBe('search');
    InThreadWorker.requests = [];

    // A poll update with no query on: the row it wrote waits for the next search rather than going at once.
    board = mergeBoard(board, [ids[3]!], [item(ids[3]!, 5, { errorCode: 3002, taskProgress: 98 })], 1_500, 1);
    const quiet = boardRows(ids, board);
    expect(quiet.rows).toBe(first.rows);
    rerender(<TaskList {...props} rows={quiet.rows} version={quiet.version} query="" />);
    await act(async () => vi.advanceTimersByTime(100));
    expect(InThreadWorker.requests).toEqual([]);

    // This answer takes a while.
    InThreadWorker.answerAfterMs = 200;
    rerender(<TaskList {...props} rows={quiet.rows} version={quiet.version} query="status:failed sort:progress-desc" />);
    const heading = () => screen.getByRole('heading', { level: 2 });
    const region = () => screen.getByRole('region', { name: /^Watch list/ });
    // Until the worker answers, the list shows what it drew; it says it is filtering once that takes a moment.
    expect(heading()).toHaveTextContent(new RegExp(`^Watch list \\(${ids.length.toLocaleString('en')}\\)$`));
    expect(region()).toHaveAttribute('aria-busy', 'false');
    await act(async () => vi.advanceTimersByTime(149));
    expect(heading()).not.toHaveTextContent('Filtering');
    await act(async () => vi.advanceTimersByTime(1));
    expect(heading()).toHaveTextContent(`(${ids.length.toLocaleString('en')})Filtering…`);
    expect(region()).toHaveAttribute('aria-busy', 'true');
    InThreadWorker.answerAfterMs = 0;
    // The answer comes, and its promise a microtask after that.
    await act(async () => vi.advanceTimersByTime(50));
    expect(region()).toHaveAttribute('aria-busy', 'false');
    // The written row went first, then the search that reads it: the task that failed meanwhile is counted.
    expect(InThreadWorker.requests).toEqual(['write', 'search']);
    const failed = [...ids.filter((_, i) => i % 50 === 0), ids[3]];
    expect(heading()).toHaveTextContent(`Watch list (${failed.length} of ${ids.length.toLocaleString('en')} shown)`);

    // A poll update: one task fails. The worker gets the row it wrote, then the query again; the heading does not say
    // "filtering" meanwhile.
    board = mergeBoard(board, [ids[1]!], [item(ids[1]!, 5, { errorCode: 3002, taskProgress: 99 })], 2_000, 1);
    const next = boardRows(ids, board);
    expect(next.rows).toBe(first.rows);
    rerender(<TaskList {...props} rows={next.rows} version={next.version} query="status:failed sort:progress-desc" />);
    expect(heading()).not.toHaveTextContent('Filtering');
    await act(async () => vi.advanceTimersByTime(1));
    expect(InThreadWorker.requests.filter((k) => k === 'write')).toHaveLength(2);
    expect(heading()).toHaveTextContent(`Watch list (${failed.length + 1} of`);
    // Sorted by progress, highest first: the task that just failed at 99 % leads.
    expect(within(screen.getAllByRole('row')[1]!).getByRole('checkbox')).toHaveAccessibleName(`Select ${ids[1]}`);

    // `age:` goes to the worker with the first-seen times the page has by position (the history has seen none of these).
    rerender(<TaskList {...props} rows={next.rows} version={next.version} query="status:failed age:<1h" />);
    await act(async () => vi.advanceTimersByTime(1));
    expect(InThreadWorker.lastTerms).toEqual(['status', 'duration']);
    expect(InThreadWorker.lastTimes).toBe(ids.length);
    expect(heading()).toHaveTextContent(`Watch list (0 of ${ids.length.toLocaleString('en')} shown)`);

    // The next poll update searches again without a copy of the times: none was found since, the worker keeps its own.
    board = mergeBoard(board, [ids[2]!], [item(ids[2]!, 3, { taskProgress: 7 })], 3_000, 1);
    const third = boardRows(ids, board);
    rerender(<TaskList {...props} rows={third.rows} version={third.version} query="status:failed age:<1h" />);
    await act(async () => vi.advanceTimersByTime(1));
    expect(InThreadWorker.lastTerms).toEqual(['status', 'duration']);
    expect(InThreadWorker.lastTimes).toBeNull();

    // The list leaves the page: the worker drops its copy (a new, empty list).
    InThreadWorker.requests = [];
    unmount();
    expect(InThreadWorker.requests).toEqual(['reset']);
    expect(InThreadWorker.lastReset).toBe(0);
  });
});
