import 'fake-indexeddb/auto';
import { act, screen } from '@testing-library/react';
import { type Query } from '@tanstack/react-query';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { connectionStore, DEFAULT_PROFILE } from '@/lib/connection-store';
import { connectionScopeKey } from '@/lib/connection';
import { createQueryClient } from '@/lib/react-query';
import { warnInConsole } from '@/i18n/load-describe-error';
import { createRenderCounter, type Render } from '@/testing/render-counter';
import { operations } from '@/contract';
import { renderCountedTasksPage } from './testing/counted-tasks-page';
import { watchListStore } from './watch-list/watch-list-store';
import { dashboardSettingsStore } from './polling/dashboard-settings-store';
import { watchListPollKey } from './polling/poll-watch-list';
import { resetTaskHistoryForTests, startTaskHistory, taskHistoryStore } from './history/task-history-recorder';
import { taskQueryStore } from './query/task-query-store';

/*
 * The guard of issue 38: what one poll update costs the page at scale, as work counts (no time is measured).
 * 5,000 watched tasks, 500 of them running (10 at the head of the list, on screen; 490 further down, off it), the
 * rest Finished. Each poll update moves every running task's progress on by one point. Per update the page may:
 * ask for the running tasks only (5 requests of 100), render the rows that changed and are on screen (and only
 * their cells that show the change), write no more than those to the DOM, format no more than those, and write each
 * changed task's record at most once; with a query on, its filter may read the rows the update wrote and no others.
 * A change that renders the whole table again, or formats, filters or writes every row on every update, fails here.
 * Budgets are a little above what the page does today (measured in this test).
 */

// Every formatter call (numbers, percentages, times, durations), counted: formatting each row of the list on every
// update, not only those on screen, is the regression this counts.
const formatted = vi.hoisted(() => ({ calls: 0 }));
vi.mock('@/i18n/format', async (importOriginal) => {
  const real = await importOriginal<Record<string, unknown>>();
  return Object.fromEntries(
    Object.entries(real).map(([name, value]) => [
      name,
      typeof value === 'function'
        ? (...args: unknown[]) => {
            formatted.calls++;
            return (value as (...a: unknown[]) => unknown)(...args);
          }
        : value,
    ]),
  );
});

// Rows the list's filter reads (a run's rows, and those it reads again to bring a kept result up to date): with a query
// on, reading the whole list again on every update, not only the rows the update wrote, is the regression this counts.
const filterWork = vi.hoisted(() => ({ rowsRead: 0 }));
vi.mock('./query/row-filter', async (importOriginal) => {
  const real = await importOriginal<typeof import('./query/row-filter')>();
  return {
    ...real,
    createRowFilter: () => {
      const filter = real.createRowFilter();
      return {
        get last() {
          return filter.last;
        },
        get rowsReread() {
          return filter.rowsReread;
        },
        start(request: Parameters<typeof filter.start>[0]) {
          const before = filter.rowsReread;
          const run = filter.start(request);
          filterWork.rowsRead += run.total + filter.rowsReread - before;
          return run;
        },
      };
    },
  };
});

// The charts draw on a canvas, which jsdom has not: their box renders, uPlot is not made (its drawing is measured by the bench).
vi.mock('./overview/use-uplot', async () => {
  const { useRef } = await import('react');
  return { useUplot: () => useRef<HTMLDivElement>(null) };
});

vi.stubGlobal('matchMedia', (query: string) => ({ matches: false, media: query, addEventListener() {}, removeEventListener() {} }));

const WATCHED = 5_000;
const LIVE_ON_TOP = 10;
const LIVE = 500;
const INTERVAL_MS = 2_000;
const ids = Array.from({ length: WATCHED }, (_, i) => `Service_AI_guard_${String(i).padStart(5, '0')}`);
/** Running: the first LIVE_ON_TOP (on screen) and LIVE - LIVE_ON_TOP from the middle of the list (off screen). */
const live = new Set([...ids.slice(0, LIVE_ON_TOP), ...ids.slice(2_000, 2_000 + LIVE - LIVE_ON_TOP)]);

/**
 * The budgets per poll update (React's development build, as tests run it). Measured when this guard was written
 * (three updates): 1–2 commits; 147–161 component renders, of which 100 in the 10 changed rows on screen (each row,
 * its 4 cells that show the change, status, progress, updated and ETA, and what those hold) and the rest the page's
 * panels, which take the new rows as props (137–151 since the panels whose props an update leaves alone are elements
 * made once: the add form's and the actions' boundaries, the actions and their buttons, the table's Remove header);
 * 50–60 DOM mutations; 62–124 formatter calls (React calls a clock
 * selector more than once per render in development); 5 requests; 500 records. The whole table rendered again (all
 * 15 rows of jsdom's window, 8 cells each) or every row formatted (5,000) is far past these.
 */
const BUDGET = {
  commits: 3,
  componentRenders: 170,
  cellRenders: LIVE_ON_TOP * 4,
  rowsRendered: LIVE_ON_TOP,
  domMutations: 90,
  formatterCalls: 160,
  requests: Math.ceil(LIVE / 100),
  recordsWritten: LIVE,
};

let cycle = 0;
let requests = 0;
function answer(taskIds: readonly string[]) {
  const now = Date.now();
  const data = taskIds.map((taskId) =>
    live.has(taskId)
      ? { taskId, taskStatus: 3, taskProgress: 10 + cycle, errorCode: 0, targetVideoUrl: null, updateTime: now - 1_000 }
      : { taskId, taskStatus: 4, taskProgress: 100, errorCode: 0, targetVideoUrl: `http://gw.test/v/${taskId}.mp4`, updateTime: 1_000_000 },
  );
  return new Response(JSON.stringify({ code: 0, message: 'OK', data }), { status: 200 });
}

/** Task records put into the history's log (a few hundred a put: task-history-db.ts). */
let recordsPut = 0;
const realPut = IDBObjectStore.prototype.put;

const connection = { ...DEFAULT_PROFILE, userId: '42' };
const client = createQueryClient(warnInConsole);
let counter: ReturnType<typeof createRenderCounter>;
let poll: Query;
let mutations: MutationObserver;
/** What the observer has been given so far (its callback runs in the update's microtasks). */
const mutated: MutationRecord[] = [];

/** A poll cycle as the watcher's interval runs it: the clock moves on an interval (its ticks rendered first), then the query fetches. */
async function pollOnce() {
  cycle++;
  act(() => vi.advanceTimersByTime(INTERVAL_MS));
  await act(async () => {
    await poll.fetch();
  });
}

/** Work of one poll update alone: its requests, commits, renders, DOM writes, formatting, and records written. */
async function measuredUpdate() {
  cycle++;
  // The clock's ticks and what follows them render first; then nothing is pending.
  act(() => vi.advanceTimersByTime(INTERVAL_MS));
  await act(() => Promise.resolve());
  counter.settle();
  mutations.takeRecords();
  mutated.length = 0;
  const before = { requests, formats: formatted.calls, puts: recordsPut };
  await act(async () => {
    await poll.fetch();
  });
  const domMutations = [...mutated, ...mutations.takeRecords()];
  const { commits, renders } = counter.take();
  const formatterCalls = formatted.calls - before.formats;
  // A page being hidden writes every record waiting (task-history-recorder.ts): what this update gave it to write.
  window.dispatchEvent(new Event('pagehide'));
  await until(() => recordsPut > before.puts);
  return {
    requests: requests - before.requests,
    commits,
    renders,
    domMutations: domMutations.length,
    formatterCalls,
    recordsWritten: recordsPut - before.puts,
  };
}

/**
 * Waits for `done` (IndexedDB's writes, the history's load), looking after each real task: Testing Library's waitFor
 * polls on setInterval, which this file fakes (the page's clock ticks only when a test moves it).
 */
async function until(done: () => boolean) {
  for (let i = 0; i < 2_000 && !done(); i++) await act(() => new Promise((r) => setTimeout(r, 5)));
  expect(done()).toBe(true);
}

/** Components a poll update of progress steps has no reason to render. */
const UNCHANGED_BY_AN_UPDATE = ['WatchListActions', 'NotifyToggle', 'RemoveHeader', 'SelectAll', 'AddTaskIds', 'TransitionsFeed'];
const cellsOf = (renders: readonly Render[]) => renders.filter((r) => r.name === 'TaskCell');
const countByName = (renders: readonly Render[]) => {
  const by: Record<string, number> = {};
  for (const r of renders) by[r.name] = (by[r.name] ?? 0) + 1;
  return by;
};
const rowIdOf = (r: Render) => (r.props.ctx as { row: { id: string } } | undefined)?.row.id ?? (r.props.row as { id: string }).id;

beforeAll(async () => {
  vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'], now: new Date('2026-12-01T10:00:00Z') });
  // The table's window: jsdom lays nothing out, so its box says 600 px (12 rows of 52 px, and the 3 drawn beyond them).
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(600);
  vi.spyOn(IDBObjectStore.prototype, 'put').mockImplementation(function (this: IDBObjectStore, ...args) {
    if (this.name === 'log') recordsPut += (args[0] as { records: unknown[] }).records.length;
    return realPut.apply(this, args);
  });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      if (!String(url).endsWith(operations.taskStatus.path)) return new Response('{}', { status: 404 });
      requests++;
      return answer((JSON.parse(String(init.body)) as { taskIds: string[] }).taskIds);
    }),
  );
  connectionStore.set({ profiles: [connection], activeId: connection.id });
  dashboardSettingsStore.set({ intervalMs: INTERVAL_MS, stallMs: dashboardSettingsStore.get().stallMs, notify: false });
  watchListStore.set({ scope: connectionScopeKey(connection), ids, loaded: true });
  startTaskHistory(client);

  const { container, counter: pageCounter } = await renderCountedTasksPage(client);
  counter = pageCounter;
  poll = client.getQueryCache().find({ queryKey: watchListPollKey(connection) })!;
  // The first cycle (every ID, in slices) and a few steady ones: the history loaded, the charts' chunk in, all settled.
  await pollOnce();
  await until(() => taskHistoryStore.get().records.size === WATCHED);
  for (let i = 0; i < 3; i++) await pollOnce();
  await screen.findByRole('heading', { name: 'Batch ETA' });
  // Everything the warm-up left waiting is written, so each measured update's writes are its own.
  const waiting = recordsPut;
  window.dispatchEvent(new Event('pagehide'));
  await until(() => recordsPut > waiting);
  mutations = new MutationObserver((list) => void mutated.push(...list));
  mutations.observe(container, { subtree: true, childList: true, characterData: true, attributes: true });
}, 60_000);

afterAll(() => {
  mutations.disconnect();
  resetTaskHistoryForTests(client);
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  vi.useRealTimers();
});

describe('a poll update at 5,000 watched / 500 running (work counts, issue 38)', () => {
  it('costs the rows that changed and are on screen, and no more, with a query on too', async () => {
    // Three updates: each must hold the budgets (the first after the warm-up, and two more in a row).
    for (let i = 0; i < 3; i++) {
      const work = await measuredUpdate();
      const cells = cellsOf(work.renders);
      const rows = new Set([...work.renders.filter((r) => r.name === 'TaskRow'), ...cells].map(rowIdOf));
      const summary = {
        commits: work.commits,
        componentRenders: work.renders.length,
        cellRenders: cells.length,
        rowsRendered: rows.size,
        domMutations: work.domMutations,
        formatterCalls: work.formatterCalls,
        requests: work.requests,
        recordsWritten: work.recordsWritten,
      };
      // A failure names every figure of the update and what rendered, so the budget that broke is read in context.
      const context = `update ${i + 1}: ${JSON.stringify(summary)}; renders ${JSON.stringify(countByName(work.renders))}`;
      if (process.env.GUARD_PRINT) console.log(context);
      // The requests: the running tasks only, 100 to a request.
      expect(summary.requests).toBe(BUDGET.requests);
      for (const [figure, budget] of Object.entries(BUDGET))
        expect.soft(summary[figure as keyof typeof summary], `${figure} (${context})`).toBeLessThanOrEqual(budget);
      // Only rows that changed render (every running row changes each update; the Finished ones never do).
      expect
        .soft(
          [...rows].filter((id) => !live.has(id)),
          `rows rendered that did not change (${context})`,
        )
        .toEqual([]);
      // Panels whose props a progress step leaves alone do not render (the watch list's actions read the rows on click).
      expect
        .soft(
          work.renders.filter((r) => UNCHANGED_BY_AN_UPDATE.includes(r.name)).map((r) => r.name),
          `panels rendered with nothing of theirs changed (${context})`,
        )
        .toEqual([]);
      // Something happened: the changed rows on screen did render, and their records were written.
      expect(summary.rowsRendered).toBe(LIVE_ON_TOP);
      expect(summary.recordsWritten).toBeGreaterThan(0);
    }

    // With a query on, the list's filter reads the rows the update wrote, not the whole list again (the same page:
    // Testing Library unmounts it after each test). The running tasks, 500 of 5,000, every one written by each update.
    act(() => taskQueryStore.save('status:running progress:<100'));
    await pollOnce();
    await pollOnce();
    expect(await screen.findByRole('heading', { level: 2, name: /^Watch list \(500 of 5,000 shown\)/ })).toBeInTheDocument();
    for (let i = 0; i < 3; i++) {
      const before = filterWork.rowsRead;
      await measuredUpdate();
      const read = filterWork.rowsRead - before;
      // Before, each update read all 5,000 rows again through the query.
      expect(read, `rows the filter read in update ${i + 1}`).toBeLessThanOrEqual(LIVE);
      expect(read).toBeGreaterThan(0);
    }
    expect(screen.getByRole('heading', { level: 2, name: /^Watch list \(500 of 5,000 shown\)/ })).toBeInTheDocument();
  }, 60_000);
});
