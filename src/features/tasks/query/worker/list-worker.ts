import { positionsWritten, type WatchedTask } from '../../rows';
import { type IdleScheduler, whenIdle } from '@/lib/idle-slices';
import { workerScriptUrl } from '@/lib/script-url';
import type { SortKey, Term } from '../language/query-ast';
import { parseQuery } from '../language/parse-query';
import { WARM_QUERY } from '../warm-up-filter';
import type { KeptCounts, ListReply, ListRequest } from './list-search';
import { packRows } from './packed-rows';
import listWorkerUrl from './list.worker.ts?worker&url';

// The page's side of the list's worker (list-search.ts): it keeps the worker's copy of the rows in step with the page's
// and asks it to search. One worker a page, one list at a time (the watch list's rows).

/** From this many rows the worker filters and sorts; a shorter list is read in the page within a key's budget. */
export const WORKER_FROM = 16_384;
/** Rows a message carries while a list is first sent (4,096 rows: ~1–2 ms to copy, in an idle moment). */
const CHUNK = 4_096;

type Send = (request: ListRequest, transfer?: Transferable[]) => void;

let send: Send | null = null;
/** No worker here (unit tests' jsdom), or it could not start or failed: the page reads every list itself. */
let broken = typeof Worker !== 'function';
let nextId = 0;
/** A search's answer as the page reads it: the kept rows' positions, in order, and their counts. */
export type ListAnswer = { positions: Int32Array; counts: KeptCounts };

const waiting = new Map<number, (answer: ListAnswer | null) => void>();
const receive = ({ id, positions, counts }: ListReply) => {
  waiting.get(id)?.(positions && counts ? { positions, counts } : null);
  waiting.delete(id);
};

const fail = () => {
  broken = true;
  for (const done of waiting.values()) done(null);
  waiting.clear();
};

function sender(): Send {
  if (send) return send;
  try {
    const worker = new Worker(workerScriptUrl(listWorkerUrl), { type: 'module', name: 'task-list' });
    worker.onmessage = (event: MessageEvent<ListReply>) => receive(event.data);
    worker.onerror = fail;
    send = (request, transfer = []) => worker.postMessage(request, transfer);
  } catch {
    fail();
    send = () => {};
  }
  return send;
}

/** For tests: a page that has not started the worker yet (the next sync starts one with the current `Worker`). */
export function forgetListWorker(): void {
  synced?.stopLoading();
  synced = null;
  send = null;
  broken = typeof Worker !== 'function';
  waiting.clear();
}

/** A term of every kind, for the worker's warm-up search (`age:` with no times sent matches nothing there). */
const warmTerms = () => [...parseQuery(WARM_QUERY).query.terms];

/** The list the worker has, as the page last sent it. */
type Synced = {
  rows: readonly (WatchedTask | undefined)[];
  list: number;
  version: number;
  /** Rows sent from the start: the list is whole in the worker once all are. */
  sent: number;
  /**
   * Positions of sent rows that poll updates wrote since: they go to the worker with the next search, not with each
   * update (with no query on, packing and posting ~1,000 rows was ~2 ms of every update: issue 38).
   */
  written: Set<number>;
  /** How many first-seen times the worker's copy holds (they are only ever added: a count tells a change). */
  timesKnown: number;
  stopLoading: () => void;
};

let synced: Synced | null = null;
let lists = 0;

function startList(rows: readonly (WatchedTask | undefined)[], version: number, idle: IdleScheduler) {
  synced?.stopLoading();
  const post = sender();
  const list = ++lists;
  post({ kind: 'reset', list, total: rows.length });
  const state: Synced = { rows, list, version, sent: 0, written: new Set(), timesKnown: -1, stopLoading: () => {} };
  synced = state;
  const load = (hasTime: () => boolean) => {
    while (state.sent < rows.length && hasTime()) {
      const chunk = rows.slice(state.sent, state.sent + CHUNK);
      // Slots the page has not derived yet (it fills a new list's array in slices): sent when they are.
      if (chunk.includes(undefined)) break;
      const packed = packRows(chunk as WatchedTask[], true);
      post({ kind: 'rows', list, from: state.sent, rows: packed }, [packed.numbers.buffer, packed.marks.buffer]);
      state.sent += chunk.length;
    }
    if (state.sent < rows.length) state.stopLoading = idle((slice) => load(() => slice.hasTime()));
    // Whole: a first search of every kind of term and a sort, answered to no one, so the worker's JIT has compiled them
    // before the operator's first (a cold search of 100,000 rows took ~45 ms there, the list showing its last rows meanwhile).
    else post({ kind: 'search', id: 0, list, terms: warmTerms(), now: Date.now(), stallMs: 0, sort: 'updated', descending: true });
  };
  state.stopLoading = idle((slice) => load(() => slice.hasTime()));
}

/**
 * Keeps the worker's copy of the list in step with `rows` as of `version` (poll updates write rows in place: board-rows.ts).
 * A new list is sent in idle moments; then the rows each update wrote are noted, and go with the next search (see
 * searchInListWorker). Idempotent: the list calls it as it renders. A list shorter than WORKER_FROM is not sent (and one
 * sent before is dropped).
 */
export function syncListWorker(rows: readonly WatchedTask[], version: number, idle: IdleScheduler = whenIdle): void {
  if (broken) return;
  if (rows.length < WORKER_FROM) {
    if (synced) releaseListWorker(synced.rows);
    return;
  }
  if (!synced || synced.rows !== rows) return startList(rows, version, idle);
  if (synced.version === version) return;
  const written = positionsWritten(rows, synced.version, version);
  if (!written) return startList(rows, version, idle);
  // Rows not sent yet go later, as they are then.
  for (const p of written) if (p < synced.sent) synced.written.add(p);
  synced.version = version;
}

/**
 * The rows at `positions`, in their order. A plain loop: `Array.from` over a typed array with a map function took ~1.5 ms
 * for an answer's ~20,000 positions.
 */
export function rowsAt(rows: readonly (WatchedTask | undefined)[], positions: Int32Array): WatchedTask[] {
  const found = new Array<WatchedTask>(positions.length);
  for (let i = 0; i < positions.length; i++) found[i] = rows[positions[i]!]!;
  return found;
}

/** Sends the worker the rows written since it last had them, as they are now. */
function sendWritten(state: Synced) {
  if (state.written.size === 0) return;
  const positions = Int32Array.from(state.written);
  state.written.clear();
  const packed = packRows(rowsAt(state.rows, positions), false);
  sender()({ kind: 'write', list: state.list, positions, rows: packed }, [positions.buffer, packed.numbers.buffer, packed.marks.buffer]);
}

/**
 * Drops the worker's copy of `rows` (when it holds that list): the list left the page. Some 100,000 small objects in the
 * worker otherwise stay until the next list. The list sends its rows anew when it is back.
 */
export function releaseListWorker(rows: readonly (WatchedTask | undefined)[]): void {
  if (!synced || synced.rows !== rows) return;
  synced.stopLoading();
  synced = null;
  sender()({ kind: 'reset', list: ++lists, total: 0 });
}

/** Whether the worker has `rows` whole, as of `version`: a search sent now reads them so. */
export const listWorkerReady = (rows: readonly WatchedTask[], version: number): boolean =>
  !broken && synced !== null && synced.rows === rows && synced.version === version && synced.sent === rows.length;

/** `firstSeen`: the page's first-seen times by position, for `age:` (a copy goes when they changed since the last sent). */
export type ListSearch = { terms: Term[]; now: number; stallMs: number; sort: SortKey; descending: boolean; firstSeen?: Float64Array };

const knownIn = (times: Float64Array) => {
  let known = 0;
  for (let i = 0; i < times.length; i++) if (times[i] === times[i]) known++;
  return known;
};

/**
 * The positions in `rows` of the rows `search.terms` keep, sorted, read by the worker, with their counts; null when it
 * does not have `rows` as of `version` whole (see listWorkerReady), or failed.
 */
export function searchInListWorker(rows: readonly WatchedTask[], version: number, search: ListSearch): Promise<ListAnswer | null> {
  if (!listWorkerReady(rows, version)) return Promise.resolve(null);
  const id = ++nextId;
  return new Promise((resolve) => {
    waiting.set(id, resolve);
    const { firstSeen: times, ...rest } = search;
    const known = times ? knownIn(times) : -1;
    const copy = times && known !== synced!.timesKnown ? times.slice() : undefined;
    if (copy) synced!.timesKnown = known;
    // Messages arrive in order: the rows written since the last search first, then the search reads them.
    sendWritten(synced!);
    sender()({ kind: 'search', id, list: synced!.list, ...rest, firstSeen: copy }, copy ? [copy.buffer] : []);
  });
}
