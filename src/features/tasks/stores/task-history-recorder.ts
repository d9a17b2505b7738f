import type { Query, QueryCacheNotifyEvent, QueryClient } from '@tanstack/react-query';
import { createStore } from '@/lib/persisted-store';
import { addFlowSample, addTransitions, EMPTY_SERIES, flowBand, flowCounts, type BatchSeries } from '../model/batch-series';
import { observeTask, restoreBoard, type TaskRecord } from '../model/task-history';
import type { TaskBoard, Transition } from '../model/task-snapshot';
import { measureSince } from '../model/measure-cost';
import { deleteRecords, loadHistory, saveHistory } from './task-history-db';
import { watchListStore } from './watch-list-store';

/** Writes are batched: at most one IndexedDB transaction per this long, plus one when the page is hidden. */
const FLUSH_MS = 2_000;
/** Records per IndexedDB transaction, and the pause before the next slice. */
const PUTS_PER_FLUSH = 500;
const NEXT_SLICE_MS = 100;
/** A flow sample per this long at most, however fast the poller goes. */
const FLOW_SAMPLE_MS = 5_000;
/** Boards after loading that may still need the stored history laid over them (a cycle in flight during the load). */
const RESTORE_CYCLES = 3;

type ScopeState = {
  scope: string;
  loaded: boolean;
  records: Map<string, TaskRecord>;
  series: BatchSeries;
  feed: readonly Transition[];
  dirty: Set<string>;
  lastPolledAt: number;
  lastFlowAt: number;
  tasksSeen: number;
  restoresLeft: number;
  watchedRef: readonly string[] | null;
  pending: Query | null;
  /** Watched tasks per flow band, kept up to date from each cycle's changes (recounted when the list or the board's size changes). */
  counts: { watched: readonly string[]; ids: ReadonlySet<string>; bands: number[] } | null;
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
      dirty: new Set(),
      lastPolledAt: 0,
      lastFlowAt: 0,
      tasksSeen: 0,
      restoresLeft: RESTORE_CYCLES,
      watchedRef: null,
      pending: null,
      counts: null,
    };
    states.set(scope, state);
    void load(state);
  }
  return state;
}

async function load(state: ScopeState) {
  try {
    const { records, batch } = await loadHistory(state.scope);
    for (const r of records) if (!state.records.has(r.id)) state.records.set(r.id, r);
    if (batch) {
      state.series = batch.series;
      state.feed = batch.feed;
      // Transitions up to here are already counted in the stored throughput.
      state.lastPolledAt = Math.max(batch.feed[0]?.at ?? 0, batch.series.flow.at(-1)?.at ?? 0);
    }
  } catch {
    // No IndexedDB (private mode, quota): the history lives for this page only.
  }
  state.loaded = true;
  if (state.pending) record(state, state.pending);
  else publish(state);
}

function prune(state: ScopeState, watched: readonly string[]) {
  if (state.watchedRef === watched) return;
  state.watchedRef = watched;
  const keep = new Set(watched);
  const gone = [...state.records.keys()].filter((id) => !keep.has(id));
  for (const id of gone) {
    state.records.delete(id);
    state.dirty.delete(id);
  }
  if (gone.length) void deleteRecords(state.scope, gone).catch(() => undefined);
}

/** Fold one board from the poller into the history (only what changed, so a cycle costs little at 10,000 tasks). */
function record(state: ScopeState, query: Query) {
  const board = query.state.data as TaskBoard | undefined;
  if (!board) return;
  if (!state.loaded) {
    state.pending = query;
    return;
  }
  state.pending = null;
  const start = performance.now();
  const watched = watchListStore.get().ids;
  let current = board;
  if (state.restoresLeft > 0) {
    state.restoresLeft--;
    const restored = restoreBoard(board, state.records, watched, state.feed);
    // setState like "Refresh now": the poll's own status and error count are left as they are.
    if (restored) query.setState({ data: restored });
    current = restored ?? board;
    state.counts = null;
  }
  const grown = current.tasks.size !== state.tasksSeen;
  if (grown || state.counts?.watched !== watched) state.counts = null;
  const counts = state.counts;
  state.tasksSeen = current.tasks.size;
  for (const id of grown ? current.tasks.keys() : current.changed.values()) {
    const snapshot = current.tasks.get(id)!;
    const before = state.records.get(id);
    if (counts?.ids.has(id)) {
      counts.bands[flowBand(before?.snapshot)]!--;
      counts.bands[flowBand(snapshot)]!++;
    }
    const after = observeTask(before, id, snapshot);
    if (after !== before) {
      state.records.set(id, after);
      state.dirty.add(id);
    }
  }
  state.counts ??= { watched, ids: new Set(watched), bands: flowCounts(watched, current.tasks) };
  prune(state, watched);
  const fresh = current.transitions.filter((t) => t.at > state.lastPolledAt);
  state.series = addTransitions(state.series, fresh);
  state.feed = current.transitions;
  state.lastPolledAt = current.polledAt;
  if (current.polledAt - state.lastFlowAt >= FLOW_SAMPLE_MS || fresh.length > 0) {
    state.series = addFlowSample(state.series, current.polledAt, [...state.counts.bands]);
    state.lastFlowAt = current.polledAt;
  }
  publish(state);
  flushSoon();
  measureSince('overview: record', start);
}

function flush() {
  flushTimer = undefined;
  let more = false;
  for (const state of states.values()) {
    if (!state.loaded) continue;
    // Each put clones its record on the main thread (about 0.07 ms): a first cycle of 10,000 tasks is written in slices.
    const ids = [...take(state.dirty, PUTS_PER_FLUSH)];
    for (const id of ids) state.dirty.delete(id);
    more ||= state.dirty.size > 0;
    const records = ids.flatMap((id) => state.records.get(id) ?? []);
    // Not awaited: IndexedDB runs transactions on the same stores in the order they were made, so
    // the next slice need not wait for this one's commit. A failed write keeps the history in memory;
    // the series is written again next time, these records when they next change.
    saveHistory(state.scope, records, { scope: state.scope, series: state.series, feed: [...state.feed] }).catch(() => undefined);
  }
  if (more) flushTimer ??= setTimeout(flush, NEXT_SLICE_MS);
}

function* take<T>(items: Iterable<T>, n: number): Generator<T> {
  if (n <= 0) return;
  for (const x of items) {
    yield x;
    if (--n === 0) return;
  }
}

function flushSoon() {
  flushTimer ??= setTimeout(flush, FLUSH_MS);
}

function onHidden() {
  if (document.visibilityState !== 'hidden' || !flushTimer) return;
  clearTimeout(flushTimer);
  flush();
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
  for (const query of cache.getAll()) {
    const scope = historyScope(query.queryKey);
    // Loading starts now even before the first answer, so that answer can already be restored.
    if (scope) record(stateOf(scope), query);
  }
}

/** For tests: forget every loaded scope and stop recording. */
export function resetTaskHistoryForTests(client: QueryClient): void {
  started.get(client)?.();
  started.delete(client);
  states.clear();
  if (flushTimer) clearTimeout(flushTimer);
  flushTimer = undefined;
  taskHistoryStore.set(EMPTY_VIEW);
}
