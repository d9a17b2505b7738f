import type { Query, QueryCacheNotifyEvent, QueryClient } from '@tanstack/react-query';
import { createStore } from '@/lib/persisted-store';
import { addFlowSample, addTransitions, bandsOf, EMPTY_SERIES, FLOW_SAMPLE_MS, type BatchSeries } from './batch-series';
import { boardRows, touchedSince } from '../rows';
import { isEnd, observeTask, restoreBoard, restoredStep, restoreTasks, tellsNews } from './task-history';
import { changeAt, lastStatus, type TaskRecord } from './task-record';
import type { TaskBoard, TaskSnapshot, Transition } from '../task';
import { measureSince } from './measure-cost';
import { createSlicer } from '@/lib/slicer';
import { compactHistory, deleteRecords, loadHistory, saveHistory } from './task-history-db';
import { watchListStore } from '../watch-list';
import { dashboardSettingsStore } from '../polling';

/** Writes are batched: at most one IndexedDB transaction per this long, plus one when the page is hidden. */
const FLUSH_MS = 2_000;
/**
 * Records per IndexedDB transaction, and the pause before the next slice: a slice's clone stays under ~8 ms (3-9 µs a
 * record, the records put a few hundred to a value: see task-history-db.ts).
 */
const RECORDS_PER_FLUSH = 2_000;
const NEXT_SLICE_MS = 50;
/**
 * The log is written again, each task once, when it holds this many records and forgotten IDs beyond one a task, and
 * more than the scope's records beyond them: so it keeps at most about twice what it must. With 1,000 tasks running,
 * some 30-100 records a second go into it.
 */
const COMPACT_AFTER = 20_000;
/**
 * A record whose only news is progress is written within about this long, not at once: with 1,000 tasks running, every
 * cycle changes 1,000 records, and writing them all (a clone each on the main thread, then the garbage) was most of a
 * poll update. So each flush writes this many of them, longest-waiting first. New tasks and status changes (what the
 * change feed, timeline and stall flags need after a reload) are written at once; a hidden page writes everything.
 */
const PROGRESS_WRITE_MS = 30_000;
/** A full pass over more tasks than this (the first cycle at 100,000) is recorded in slices after the cycle, not in one task. */
const SYNC_RECORDS = 5_000;
const DEFAULT_TUNING = { syncRecords: SYNC_RECORDS, sliceMs: 8, recordsPerFlush: RECORDS_PER_FLUSH, compactAfter: COMPACT_AFTER };
let tuning = DEFAULT_TUNING;
/** Boards after loading that may still need the stored history laid over them (a cycle in flight during the load). */
const RESTORE_CYCLES = 3;

type ScopeState = {
  scope: string;
  loaded: boolean;
  records: Map<string, TaskRecord>;
  series: BatchSeries;
  feed: readonly Transition[];
  /** Tasks seen ending since the series last took them (see countEnds). */
  ends: Transition[];
  /** Records to write at the next flush: new tasks, status changes. */
  dirty: Set<string>;
  /** Records whose only news is progress, with when that news began waiting, oldest first (see PROGRESS_WRITE_MS). */
  progressOnly: Map<string, number>;
  lastPolledAt: number;
  lastFlowAt: number;
  /** The last board recorded: the next one's touched tasks are known from it (see board-delta.ts). */
  lastBoard: TaskBoard | null;
  restoresLeft: number;
  watchedRef: readonly string[] | null;
  pending: Query | null;
  /** A full pass still being recorded in slices: the snapshots as they were then (the poller's map is written in place). */
  backlog: Backlog | null;
  /** The stored history being laid over a long list's board in slices (restoreInSlices): boards are recorded after. */
  restoring: Restoring | null;
  /**
   * The task map of the board last restored (in one go or in slices). A later board with this map needs no restore: the
   * poller writes it in place, each answer merged over the restored snapshot (see board-delta.ts).
   */
  restoredTasks: ReadonlyMap<string, TaskSnapshot> | null;
  /** The series and change feed as last written (see flush): unchanged, they are not cloned and written again. */
  written: { series: BatchSeries; feedHead: Transition | undefined; feedLength: number } | null;
  /** Records and forgotten IDs in the stored log since it was last written whole (Infinity: version 2 records left). */
  logged: number;
  compacting: boolean;
};

/**
 * `keep`: the watch list when it changed during the pass (its tasks pruned meanwhile get no record back); `keepList`
 * that list before its set is made, in the pass's next slice (a set of 100,000 IDs is ~4 ms of the cycle's own task).
 */
type Backlog = {
  ids: string[];
  snapshots: TaskSnapshot[];
  next: number;
  keep: ReadonlySet<string> | null;
  keepList: readonly string[] | null;
};

/**
 * Where restoreInSlices is: the next task of the watch list it reads, on the board whose task map it is writing, and how
 * often it started over (a new map or list).
 */
type Restoring = {
  query: Query;
  next: number;
  tasks: ReadonlyMap<string, TaskSnapshot> | null;
  watched: readonly string[] | null;
  restarts: number;
};

export type TaskHistoryView = { scope: string; version: number; records: ReadonlyMap<string, TaskRecord>; series: BatchSeries };

const EMPTY_VIEW: TaskHistoryView = { scope: '', version: 0, records: new Map(), series: EMPTY_SERIES };
/** What the overview and task details read: the history of the scope the poller last answered for. */
export const taskHistoryStore = createStore<TaskHistoryView>(EMPTY_VIEW);

const states = new Map<string, ScopeState>();
let flushTimer: ReturnType<typeof setTimeout> | undefined;

/** The poller's query key is ['task-status', gatewayUrl, userId, 'watch-list']: the scope is its middle. */
export function historyScope(queryKey: readonly unknown[]): string | null {
  if (queryKey.length !== 4 || queryKey[0] !== 'task-status' || queryKey[3] !== 'watch-list') return null;
  return JSON.stringify(queryKey.slice(1, 3));
}

function publish(state: ScopeState) {
  const { version } = taskHistoryStore.get();
  taskHistoryStore.set({ scope: state.scope, version: version + 1, records: state.records, series: state.series });
}

function stateOf(scope: string): ScopeState {
  let state = states.get(scope);
  if (!state) {
    state = {
      scope,
      loaded: false,
      records: new Map(),
      series: EMPTY_SERIES,
      feed: [],
      ends: [],
      dirty: new Set(),
      progressOnly: new Map(),
      lastPolledAt: 0,
      lastFlowAt: 0,
      lastBoard: null,
      restoresLeft: RESTORE_CYCLES,
      watchedRef: null,
      pending: null,
      backlog: null,
      restoring: null,
      restoredTasks: null,
      written: null,
      logged: 0,
      compacting: false,
    };
    states.set(scope, state);
    void load(state);
  }
  return state;
}

async function load(state: ScopeState) {
  try {
    // Kept as each chunk is read: kept all at once after the last chunk, 100,000 records were a 57 ms task. Nothing is
    // recorded before the load ends, so the log's last word on each task is taken as it is.
    const { records, batch, logged, legacy } = await loadHistory(state.scope, {
      take: (r) => void state.records.set(r.id, r),
      drop: (id) => void state.records.delete(id),
    });
    for (const r of records) state.records.set(r.id, r);
    state.logged = legacy ? Infinity : logged;
    // Nothing stored (a first visit): nothing to lay over the boards to come, whose records are this page's own.
    if (state.records.size === 0 && !batch) state.restoresLeft = 0;
    if (batch) {
      state.series = batch.series;
      state.feed = batch.feed;
      // Transitions up to here are already counted in the stored throughput.
      state.lastPolledAt = Math.max(batch.feed[0]?.at ?? 0, batch.series.flow.at(-1)?.at ?? 0);
    }
  } catch {
    // No IndexedDB (private mode, quota): the history lives for this page only.
    state.restoresLeft = 0;
  }
  state.loaded = true;
  if (state.pending) record(state, state.pending);
  else publish(state);
}

function prune(state: ScopeState, watched: readonly string[]) {
  if (state.watchedRef === watched) return;
  state.watchedRef = watched;
  if (state.backlog) state.backlog.keepList = watched;
  // Nothing recorded yet (a first visit): nothing to prune, and no set of the whole list to make.
  if (state.records.size === 0) return;
  const keep = new Set(watched);
  const gone = [...state.records.keys()].filter((id) => !keep.has(id));
  for (const id of gone) {
    state.records.delete(id);
    state.dirty.delete(id);
    state.progressOnly.delete(id);
  }
  if (gone.length === 0) return;
  state.logged += gone.length;
  void deleteRecords(state.scope, gone).catch(() => undefined);
}

/**
 * Fold one board from the poller into the history: only the tasks it touched (known from the last
 * board recorded), and of those only the ones first seen or changed, so a cycle costs little at
 * 100,000 tasks. Flow counts come from the shared rows' counts (see board-rows.ts).
 */
function record(state: ScopeState, query: Query) {
  const board = query.state.data as TaskBoard | undefined;
  if (!board) return;
  // Not loaded yet, or being restored in slices: the latest board is recorded when that is done.
  if (!state.loaded || state.restoring) {
    state.pending = query;
    return;
  }
  state.pending = null;
  const start = performance.now();
  const watched = watchListStore.get().ids;
  let touched = state.lastBoard ? touchedSince(state.lastBoard, board) : null;
  let current = board;
  if (state.restoresLeft > 0 && board.tasks !== state.restoredTasks) {
    state.restoresLeft--;
    // A long list: laid over in slices, then recorded. In one task at 100,000 (a new snapshot per task, the rows derived
    // for every one) this was 110 ms of CPU on a reopened page.
    if (watched.length > tuning.syncRecords && state.records.size > 0) {
      state.pending = query;
      const job: Restoring = { query, next: 0, tasks: null, watched: null, restarts: 0 };
      state.restoring = job;
      void restoreInSlices(state, job);
      return;
    }
    // The shared rows first take this board, so the restored one is a step from it.
    boardRows(watched, board);
    const restored = restoreBoard(board, state.records, watched, state.feed);
    // setState like "Refresh now": the poll's own status and error count are left as they are.
    if (restored) {
      query.setState({ data: restored });
      const more = touchedSince(board, restored);
      touched = touched && more ? [...touched, ...more] : null;
      current = restored;
    }
    state.restoredTasks = current.tasks;
  }
  // A board during a sliced pass (rare: the pass takes well under a poll interval, unless the machine is slow) must not
  // reorder a task's snapshots. A full board finishes the pass first. A step from the last board queues its touched
  // tasks behind the pass: finishing it here would be one task of the pass's whole cost (200-250 ms at 100,000 tasks).
  if (state.backlog && !touched) {
    drainBacklog(state, state.backlog, null);
    measureSince('overview: record catch-up', start);
  }
  state.lastBoard = current;
  if (!touched && current.tasks.size > tuning.syncRecords) {
    state.backlog = { ids: [...current.tasks.keys()], snapshots: [...current.tasks.values()], next: 0, keep: null, keepList: null };
    void recordBacklog(state);
  } else if (state.backlog && touched) {
    queueBehind(state.backlog, touched, current);
  } else {
    for (const id of touched ?? current.tasks.keys()) {
      const snapshot = current.tasks.get(id);
      if (snapshot) observe(state, id, snapshot, touched ? current.changed : null);
    }
  }
  prune(state, watched);
  const fresh = current.transitions.some((t) => t.at > state.lastPolledAt);
  const ended = countEnds(state);
  state.feed = current.transitions;
  state.lastPolledAt = current.polledAt;
  if (current.polledAt - state.lastFlowAt >= FLOW_SAMPLE_MS || fresh || ended) {
    const counts = bandsOf(boardRows(watched, current).summary.counts);
    // At the interval the poller runs at now: a longer time since the last sample is drawn as a gap, not as a slope.
    state.series = addFlowSample(state.series, current.polledAt, counts, dashboardSettingsStore.get().intervalMs);
    state.lastFlowAt = current.polledAt;
  }
  publish(state);
  flushSoon();
  measureSince('overview: record', start);
}

/**
 * Lays the stored history over the latest board of `job.query` a slice at a time, each slice a board step of the tasks it
 * restored (the change feed with the last), then records that board.
 */
async function restoreInSlices(state: ScopeState, job: Restoring) {
  const slicer = createSlicer({ sliceMs: tuning.sliceMs });
  await slicer.pause();
  for (;;) {
    // After each pause: the scope was forgotten meanwhile (tests).
    if (state.restoring !== job || states.get(state.scope) !== state) return;
    const start = performance.now();
    const board = job.query.state.data as TaskBoard | undefined;
    if (!board) break;
    const watched = watchListStore.get().ids;
    // Another list, or a board with another task map (a cycle begun before the load ended): laid over from the start. A
    // few times at most: boards that kept coming with new maps would otherwise hold the history's recording back for good.
    if ((board.tasks !== job.tasks || watched !== job.watched) && job.restarts++ <= RESTORE_CYCLES) job.next = 0;
    job.watched = watched;
    const { tasks, restored, next } = restoreTasks(board, state.records, watched, job.next, slicer.due);
    job.next = next;
    const done = next >= watched.length;
    const step = restoredStep(board, tasks, restored, done ? state.feed : null);
    // setState like "Refresh now": the poll's own status and error count are left as they are.
    if (step) job.query.setState({ data: step });
    job.tasks = (step ?? board).tasks;
    measureSince('overview: restore slices', start);
    if (done) break;
    await slicer.pause();
  }
  state.restoring = null;
  state.restoredTasks = (job.query.state.data as TaskBoard | undefined)?.tasks ?? null;
  if (state.pending) record(state, state.pending);
}

/**
 * The ends seen since the last call go into the throughput series; true if there were any. Ends are
 * taken from the records, not from the board's change feed: the feed holds the last 50 changes (250
 * tasks ending in one cycle counted 50), and a task that ended while the console was closed is no
 * change on the reopened page's board (its poller has no answer before it), while its stored record
 * still says Running.
 */
function countEnds(state: ScopeState): boolean {
  if (state.ends.length === 0) return false;
  state.series = addTransitions(state.series, state.ends);
  state.ends = [];
  return true;
}

function observe(state: ScopeState, id: string, snapshot: TaskSnapshot, changed: ReadonlySet<string> | null) {
  const before = state.records.get(id);
  if (before && changed && !changed.has(id)) return;
  const news = !before || tellsNews(before, snapshot);
  const after = observeTask(before, id, snapshot, news);
  if (after === before) return;
  state.records.set(id, after);
  // Only the snapshot is new (a page opened again, answered as it stored): nothing to write.
  if (!news) return;
  // A status change adds a change with another status than the last (task-history.ts): so the last status tells.
  const statusChanged = before !== undefined && lastStatus(after) !== lastStatus(before);
  if (statusChanged) {
    // An end seen from a status that was not one (first seen already ended: not counted, it ended before this console watched).
    const last = changeAt(after, -1)!;
    const from = lastStatus(before) ?? null;
    if (isEnd(last.status) && !isEnd(from)) state.ends.push({ taskId: id, from, to: last.status!, at: last.at });
  }
  if (!before || statusChanged) {
    state.dirty.add(id);
    state.progressOnly.delete(id);
  } else if (!state.dirty.has(id) && !state.progressOnly.has(id)) state.progressOnly.set(id, Date.now());
}

/** The touched tasks' snapshots as they are now, recorded after the pass's earlier ones (the pass reads to its end). */
function queueBehind(backlog: Backlog, touched: readonly string[], board: TaskBoard) {
  for (const id of touched) {
    const snapshot = board.tasks.get(id);
    if (!snapshot) continue;
    backlog.ids.push(id);
    backlog.snapshots.push(snapshot);
  }
}

/** Records the backlog's tasks until it is done or the slicer says to yield; true when done. */
function drainBacklog(state: ScopeState, backlog: Backlog, slicer: ReturnType<typeof createSlicer> | null): boolean {
  const { ids, snapshots } = backlog;
  if (backlog.keepList) {
    backlog.keep = new Set(backlog.keepList);
    backlog.keepList = null;
  }
  while (backlog.next < ids.length) {
    const i = backlog.next++;
    const id = ids[i]!;
    if (!backlog.keep || backlog.keep.has(id)) observe(state, id, snapshots[i]!, null);
    if (slicer?.due()) return false;
  }
  if (state.backlog === backlog) state.backlog = null;
  return true;
}

async function recordBacklog(state: ScopeState) {
  const backlog = state.backlog;
  if (!backlog) return;
  const slicer = createSlicer({ sliceMs: tuning.sliceMs });
  // The pass starts in a task of its own: the cycle's task (the last answers' merge, the render) is long enough at 100,000.
  await slicer.pause();
  for (;;) {
    // After each pause: finished meanwhile by a newer board, or the scope was forgotten (tests).
    if (state.backlog !== backlog || states.get(state.scope) !== state) return;
    const start = performance.now();
    const done = drainBacklog(state, backlog, slicer);
    measureSince('overview: record slices', start);
    if (done) break;
    await slicer.pause();
  }
  countEnds(state);
  publish(state);
  flushSoon();
}

/**
 * `everything`: every record waiting, progress-only ones too, in one transaction (the page is being
 * hidden or left). Not in slices then: a page being closed runs no more timers, so the slices after
 * the first 200 records were never written (and a task's record lost means its end is not known
 * after a reopen); the clones (about 0.07 ms each) do not matter to a page no one is looking at.
 */
function flush(everything = false) {
  flushTimer = undefined;
  let more = false;
  let waiting = false;
  for (const state of states.values()) {
    if (!state.loaded) continue;
    // Each write clones its records on the main thread: a first cycle of 100,000 tasks is written in slices.
    const perFlush = everything ? Infinity : tuning.recordsPerFlush;
    const ids = [...take(state.dirty, perFlush)];
    for (const id of ids) state.dirty.delete(id);
    // A share of the progress-only records, so they go out at an even pace, and any that waited their full time.
    let share = Math.ceil((state.progressOnly.size * FLUSH_MS) / PROGRESS_WRITE_MS);
    const overdue = Date.now() - PROGRESS_WRITE_MS;
    for (const [id, since] of state.progressOnly) {
      if (ids.length >= perFlush || (!everything && share <= 0 && since > overdue)) break;
      ids.push(id);
      state.progressOnly.delete(id);
      share--;
    }
    const [, nextSince] = state.progressOnly.entries().next().value ?? [];
    more ||= state.dirty.size > 0 || (nextSince !== undefined && (everything || nextSince <= overdue));
    waiting ||= state.progressOnly.size > 0;
    const records = ids.flatMap((id) => state.records.get(id) ?? []);
    // The series and feed change with a flow sample (every 5 s), an end or a status change, not with every flush: cloned
    // and written only then (each put clones them on the main thread; with 1,000 tasks running most flushes had none).
    const { written, series, feed } = state;
    const batchNews = !written || written.series !== series || written.feedHead !== feed[0] || written.feedLength !== feed.length;
    if (records.length === 0 && !batchNews) continue;
    const batch = batchNews ? { scope: state.scope, series, feed: [...feed] } : null;
    if (batch) state.written = { series, feedHead: feed[0], feedLength: feed.length };
    // Not awaited: IndexedDB runs transactions on the same stores in the order they were made, so
    // the next slice need not wait for this one's commit. A failed write keeps the history in memory;
    // the series is written again next time, these records when they next change.
    saveHistory(state.scope, records, batch).catch(() => {
      if (batch && state.written?.series === series) state.written = null;
    });
    state.logged += records.length;
    if (!everything && !state.compacting && state.logged - state.records.size > Math.max(tuning.compactAfter, state.records.size))
      void compact(state);
  }
  if (more) flushTimer ??= setTimeout(() => (everything ? flush(true) : whenIdle(() => flush())), NEXT_SLICE_MS);
  // Progress-only records still waiting are written on, a share per FLUSH_MS, even when no more answers come.
  else if (waiting) flushSoon();
}

/** The scope's log written again, each task once, a slice at a time when the page has a moment. */
async function compact(state: ScopeState) {
  state.compacting = true;
  const logged = state.logged;
  // What is written from here on comes after the rewrite's first entry, so it is counted afresh.
  state.logged = 0;
  const pause = () => new Promise<void>((resolve) => setTimeout(() => whenIdle(resolve), NEXT_SLICE_MS));
  try {
    await compactHistory(state.scope, [...state.records.keys()], (id) => state.records.get(id), pause, tuning.recordsPerFlush);
  } catch {
    // Tried again after the next flush: the log reads the same until the rewrite is done.
    state.logged += logged;
  }
  state.compacting = false;
}

function* take<T>(items: Iterable<T>, n: number): Generator<T> {
  if (n <= 0) return;
  for (const x of items) {
    yield x;
    if (--n === 0) return;
  }
}

/** When the browser has a moment (not in the middle of a scroll or a render), but within a second. */
function whenIdle(work: () => void) {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(work, { timeout: 1_000 });
  else work();
}

function flushSoon() {
  flushTimer ??= setTimeout(() => whenIdle(() => flush()), FLUSH_MS);
}

function onHidden(event: Event) {
  if (event.type !== 'pagehide' && document.visibilityState !== 'hidden') return;
  clearTimeout(flushTimer);
  flush(true);
}

function onEvent(event: QueryCacheNotifyEvent) {
  if (event.type !== 'updated' || event.action.type !== 'success') return;
  const scope = historyScope(event.query.queryKey);
  if (scope) record(stateOf(scope), event.query);
}

const started = new WeakMap<QueryClient, () => void>();

/**
 * Start recording the poller's answers: a subscription to the query cache, so the poller needs no
 * change wherever it is mounted. Boards already in the cache are taken at once. Idempotent per client.
 */
export function startTaskHistory(client: QueryClient): void {
  if (started.has(client)) return;
  const cache = client.getQueryCache();
  started.set(client, cache.subscribe(onEvent));
  document.addEventListener('visibilitychange', onHidden);
  // Leaving for another site or closing the tab: visibilitychange comes first in Chromium; pagehide covers the rest.
  window.addEventListener('pagehide', onHidden);
  for (const query of cache.getAll()) {
    const scope = historyScope(query.queryKey);
    // Loading starts now even before the first answer, so that answer can already be restored.
    if (scope) record(stateOf(scope), query);
  }
}

/**
 * For tests: record in slices above this many tasks, yielding after sliceMs (0: every 1,024 tasks); write this many
 * records a flush; write the log again past this many records in it.
 */
export function tuneTaskHistoryForTests(next: Partial<typeof DEFAULT_TUNING>): void {
  tuning = { ...tuning, ...next };
}

/** For tests: forget every loaded scope and stop recording. */
export function resetTaskHistoryForTests(client: QueryClient): void {
  started.get(client)?.();
  started.delete(client);
  document.removeEventListener('visibilitychange', onHidden);
  window.removeEventListener('pagehide', onHidden);
  states.clear();
  if (flushTimer) clearTimeout(flushTimer);
  flushTimer = undefined;
  taskHistoryStore.set(EMPTY_VIEW);
  tuning = DEFAULT_TUNING;
}
