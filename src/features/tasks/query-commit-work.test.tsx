import 'fake-indexeddb/auto';
import { act, fireEvent, screen } from '@testing-library/react';
import { type Query } from '@tanstack/react-query';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { connectionStore, DEFAULT_PROFILE } from '@/lib/connection-store';
import { connectionScopeKey } from '@/lib/connection';
import { createQueryClient } from '@/lib/react-query';
import { warnInConsole } from '@/i18n/load-describe-error';
import { createRenderCounter, type Render } from '@/testing/render-counter';
import { operations } from '@/contract';
import { stubIdleCallbacks } from '@/testing/idle-callbacks';
import { renderCountedTasksPage } from './testing/counted-tasks-page';
import { watchListStore } from './watch-list/watch-list-store';
import { dashboardSettingsStore } from './polling/dashboard-settings-store';
import { watchListPollKey } from './polling/poll-watch-list';
import { taskQueryStore } from './query/task-query-store';
import { resetTaskHistoryForTests, startTaskHistory, taskHistoryStore } from './history/task-history-recorder';

/*
 * What the query box committing a term costs the page (issue 38), as work counts (no time is measured). 5,000 watched
 * tasks, every fifth Failed (code 3002), the rest Finished; the box commits `code:3002`, then `code:3002 7`: each time the
 * rows in view become other tasks (and the status chips stay as they were). Per commit the page may render the list and the chips (not the rest of the board:
 * the overview, saved views, the watch list's actions, the changes feed), and give the rows already mounted their new
 * tasks rather than unmounting them and mounting a new set. Nor may it write what it takes back before its rows come
 * ("Filtering…" and the list's busy mark for an answer that takes a moment). Mounting a new row per task in view, the
 * whole board rendering on a commit (every panel reading the query), or a "Filtering…" said and unsaid, fails here.
 */

vi.mock('./overview/use-uplot', async () => {
  const { useRef } = await import('react');
  return { useUplot: () => useRef<HTMLDivElement>(null) };
});
vi.stubGlobal('matchMedia', (query: string) => ({ matches: false, media: query, addEventListener() {}, removeEventListener() {} }));
/** requestIdleCallback run by hand (jsdom has none): idle work (the list's first-seen passes) runs when the test drains it. */
const idle = stubIdleCallbacks();
/** Runs idle work until none is asked for (each piece may ask for the next). */
function drainIdle() {
  idle.drain();
  expect(idle.pending.size).toBe(0);
}

const WATCHED = 5_000;
const INTERVAL_MS = 2_000;
const ids = Array.from({ length: WATCHED }, (_, i) => `Service_AI_commit_${String(i).padStart(5, '0')}`);
const failed = (i: number) => i % 5 === 1;

/**
 * The budgets per commit (React's development build). Measured when this test was written: 2 commits (the box's and the
 * list's deferred render); 326–367 component renders, nearly all in the 18 rows then in jsdom's window (every cell showing
 * another task); no row mounted, and no component mounted but the outcome's popover, which belongs to one task (one per
 * Failed row in view: 18). Before (rows keyed by task, every panel of the board reading the query), the board rendered
 * again (its boundaries, saved views) and each row in view that showed another task was mounted anew with its cells:
 * 14 and 16 rows, 280 and 320 components mounted. The table and the bulk actions render once, with the new rows: the
 * list renders for the box's commit and for the deferred query too (at 100,000 rows, a third time with the filter's
 * result), and before they were memoized each of those drew them again (2 renders each here; 367 → 361 renders in all).
 * With 3 rows drawn beyond the view instead of 6 (task-table.tsx), jsdom's window holds 15 rows: 304 and 269 renders,
 * 15 popovers mounted. With 6 (18 rows: 361 and 320 renders, 18 mounted) the first commit's renders and both commits'
 * mounts are over their budgets.
 */
const BUDGET = { commits: 5, componentRenders: 340, rowsMounted: 0, componentsMounted: 17, tableRenders: 1, bulkActionsRenders: 1 };
/** Of the board, these have nothing of a committed query to show. */
const UNCHANGED_BY_A_COMMIT = ['Board', 'SavedViewsLazy', 'SavedViews', 'WatchListActions', 'TransitionsFeed', 'Overview', 'AddTaskIds'];

function answer(taskIds: readonly string[]) {
  const data = taskIds.map((taskId) => {
    const i = ids.indexOf(taskId);
    return failed(i)
      ? { taskId, taskStatus: 5, taskProgress: 40, errorCode: 3002, targetVideoUrl: null, updateTime: 1_000_000 + i }
      : {
          taskId,
          taskStatus: 4,
          taskProgress: 100,
          errorCode: 0,
          targetVideoUrl: `http://gw.test/v/${taskId}.mp4`,
          updateTime: 1_000_000 + i,
        };
  });
  return new Response(JSON.stringify({ code: 0, message: 'OK', data }), { status: 200 });
}

const connection = { ...DEFAULT_PROFILE, userId: '42' };
const client = createQueryClient(warnInConsole);
let counter: ReturnType<typeof createRenderCounter>;
let mutations: MutationObserver;
const mutated: MutationRecord[] = [];

/**
 * What a commit wrote to the page and took back before it ended: nodes put in and removed again, attributes changed and
 * set back (a "Filtering…" said and unsaid while the rows were on their way). In a browser each is style, layout and
 * paint for nothing, and a frame of its own when its answer comes a task later.
 */
function takenBack(records: readonly MutationRecord[]): string[] {
  const added = new Set(records.flatMap((r) => [...r.addedNodes]));
  const nodes = records.flatMap((r) => [...r.removedNodes]).filter((n) => added.has(n));
  // Each attribute's values as the commit went: its records' old values (a write of the value it had is no change).
  const values = new Map<Element, Map<string, (string | null)[]>>();
  for (const r of records) {
    if (r.type !== 'attributes' || !(r.target instanceof Element)) continue;
    // React's own: an input it updates has its name cleared and set again (for radio groups), nothing this page asks for.
    if (r.target instanceof HTMLInputElement && r.attributeName === 'name') continue;
    const of = values.get(r.target) ?? new Map<string, (string | null)[]>();
    values.set(r.target, of);
    const seen = of.get(r.attributeName!) ?? [];
    of.set(r.attributeName!, seen);
    seen.push(r.oldValue);
  }
  const attributes = [...values].flatMap(([target, of]) =>
    [...of]
      .filter(([name, [old, ...between]]) => target.getAttribute(name) === old && between.some((v) => v !== old))
      .map(([name, [old]]) => ({ name, old })),
  );
  return [...nodes.map((n) => `node "${n.textContent}"`), ...attributes.map((a) => `${a.name}="${a.old}"`)];
}

async function until(done: () => boolean) {
  for (let i = 0; i < 2_000 && !done(); i++) await act(() => new Promise((r) => setTimeout(r, 5)));
  expect(done()).toBe(true);
}

const list = () => screen.getByRole('region', { name: 'Watched tasks' }).closest('section[aria-busy]')!;
const idsInView = () =>
  [...list().querySelectorAll('tbody tr[aria-rowindex]')].map((tr) =>
    tr.querySelector('[data-column="id"] button')?.getAttribute('aria-label'),
  );

/** Types `text` into the box (its edits rendered first, not counted), then commits it with Enter: the commit's work alone. */
async function commit(text: string) {
  const box = screen.getByRole('combobox', { name: 'Query' });
  fireEvent.change(box, { target: { value: text } });
  await act(() => Promise.resolve());
  counter.settle();
  mutations.takeRecords();
  mutated.length = 0;
  fireEvent.keyDown(box, { key: 'Enter' });
  await until(() => taskQueryStore.get() === text && list().getAttribute('aria-busy') === 'false');
  // The filter's last slice and the list's render with its rows: settled when nothing more is pending.
  await act(() => new Promise((r) => setTimeout(r, 20)));
  const records = [...mutated, ...mutations.takeRecords()];
  // Rows put into the table: mounted, or kept and moved (a task still in view keeps its row, and may change place).
  const rowsInserted = records
    .flatMap((r) => [...r.addedNodes])
    .filter((n) => n instanceof HTMLTableRowElement && n.hasAttribute('aria-rowindex'));
  return { ...counter.take(), rowsInserted: rowsInserted.length, takenBack: takenBack(records) };
}

const countByName = (renders: readonly Render[]) => {
  const by: Record<string, number> = {};
  for (const r of renders) by[r.name] = (by[r.name] ?? 0) + 1;
  return by;
};

beforeAll(async () => {
  vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'], now: new Date('2026-12-01T10:00:00Z') });
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(600);
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      if (!String(url).endsWith(operations.taskStatus.path)) return new Response('{}', { status: 404 });
      return answer((JSON.parse(String(init.body)) as { taskIds: string[] }).taskIds);
    }),
  );
  connectionStore.set({ profiles: [connection], activeId: connection.id });
  dashboardSettingsStore.set({ intervalMs: INTERVAL_MS, stallMs: dashboardSettingsStore.get().stallMs, notify: false });
  watchListStore.set({ scope: connectionScopeKey(connection), ids, loaded: true });
  taskQueryStore.save('');
  startTaskHistory(client);

  const { container, counter: pageCounter } = await renderCountedTasksPage(client);
  counter = pageCounter;
  const poll: Query = client.getQueryCache().find({ queryKey: watchListPollKey(connection) })!;
  await act(async () => {
    await poll.fetch();
  });
  await screen.findByRole('heading', { name: 'Batch ETA' });
  await screen.findByRole('button', { name: ids[0] });
  mutations = new MutationObserver((records) => void mutated.push(...records));
  mutations.observe(container, { subtree: true, childList: true, characterData: true, attributes: true, attributeOldValue: true });
  // A query committed and taken back, unmeasured: whatever the first render left pending (the charts' chunk) is in.
  await commit('zzzz');
  await commit('');
}, 60_000);

afterAll(() => {
  mutations.disconnect();
  resetTaskHistoryForTests(client);
  taskQueryStore.save('');
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  vi.useRealTimers();
});

describe('a query committed from the box at 5,000 watched (work counts, issue 38)', () => {
  it('renders the list and the chips, gives the rows in view their new tasks without mounting new rows, and reads `age:` from the list', async () => {
    const before = idsInView();
    for (const text of ['code:3002', 'code:3002 7']) {
      const shown = idsInView();
      const work = await commit(text);
      const summary = {
        commits: work.commits,
        componentRenders: work.renders.length,
        rowsMounted: work.renders.filter((r) => r.mounted && r.name === 'TaskRow').length,
        componentsMounted: work.renders.filter((r) => r.mounted).length,
        tableRenders: work.renders.filter((r) => r.name === 'TaskTable').length,
        bulkActionsRenders: work.renders.filter((r) => r.name === 'BulkActions').length,
      };
      const context = `${text}: ${JSON.stringify(summary)}, rows inserted ${work.rowsInserted}; renders ${JSON.stringify(countByName(work.renders))}; mounted ${JSON.stringify(countByName(work.renders.filter((r) => r.mounted)))}`;
      if (process.env.GUARD_PRINT) console.log(context);
      for (const [figure, budget] of Object.entries(BUDGET))
        expect.soft(summary[figure as keyof typeof summary], `${figure} (${context})`).toBeLessThanOrEqual(budget);
      expect.soft(work.takenBack, `written and taken back (${context})`).toEqual([]);
      expect
        .soft(
          work.renders.filter((r) => UNCHANGED_BY_A_COMMIT.includes(r.name)).map((r) => r.name),
          `panels rendered with nothing of theirs changed (${context})`,
        )
        .toEqual([]);
      // Something happened: the rows in view are other tasks now, each one the query keeps.
      const now = idsInView();
      expect(now).not.toEqual(shown);
      expect(now.length).toBeGreaterThan(10);
      for (const id of now) expect(failed(ids.indexOf(id!))).toBe(true);
      if (text.endsWith(' 7')) for (const id of now) expect(id).toContain('7');
    }
    expect(before[0]).toBe(ids[0]);

    // An `age:` query reads the first-seen times the list looked up in idle moments, not the history's map.
    const records = taskHistoryStore.get().records as Map<string, unknown>;
    expect(records.size).toBe(WATCHED);
    const lookups = vi.spyOn(records, 'get');
    // The list's idle passes, to their end.
    await act(async () => drainIdle());
    lookups.mockClear();
    await commit('age:<1h code:3002');
    const now = idsInView();
    expect(now.length).toBeGreaterThan(10);
    for (const id of now) expect(failed(ids.indexOf(id!))).toBe(true);
    // Measured: 0 lookups; with the list's idle passes taken out, 1,000 (every Failed task), and this fails.
    if (process.env.GUARD_PRINT) console.log(`age: lookups ${lookups.mock.calls.length}`);
    expect(lookups.mock.calls.length).toBeLessThan(50);
    lookups.mockRestore();
  }, 60_000);
});
