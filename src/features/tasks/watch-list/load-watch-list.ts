import { loadNamespace, t } from '@/i18n/i18n-store';
import { hasTaskIdPrefix } from '@/contract';
import { local, readJson, writeJson } from '@/lib/persisted-store';
import { yieldToBrowser } from '@/lib/yield-to-browser';
import { deriveInSlices } from '../rows';
import { EMPTY_BOARD } from '../task';
import { profileLessScopes, readWatchListPieces } from './watch-list-db';
import type { WatchListChange } from './watch-list-merge';

/** Longest stretch of main-thread work between yields while a list loads. */
const SLICE_MS = 8;

/** Where the one list lived before lists belonged to profiles; moved into the first profile opened with a user ID. */
const LEGACY_KEY = 'console.tasks.watch-list';

type ListOfNoUser = { scope: string; ids: string[] };

/**
 * `writes`: changes to write at once, in order (a list in an older form written again as pieces, IDs
 * moved in from lists of no user and then taken out of those); `forgetLegacy` drops the old list once
 * they are written; `said`: what to tell the operator ('' for nothing); `version`: see watch-list-db.ts.
 */
export type LoadedList = {
  ids: string[];
  version: number;
  writes: { scope: string; change: WatchListChange }[];
  forgetLegacy: (() => void) | null;
  said: string;
};

/** The lists of no user (see profileLessScopes), other than `scope`, each with its checked IDs. */
async function profileLessLists(scope: string, max: number): Promise<ListOfNoUser[]> {
  const lists: ListOfNoUser[] = [];
  for (const other of await profileLessScopes()) {
    if (other === scope) continue;
    const ids = await checkedIds((await readWatchListPieces(other)).pieces, max);
    if (ids.length > 0) lists.push({ scope: other, ids });
  }
  return lists;
}

/**
 * A profile's list at page load, loaded on demand by watch-list-store.ts: read a piece per task,
 * checked (see checkedIds) with the old single list added if `takeLegacy`; the rows of every task are
 * derived in slices too (see derive-in-slices.ts), so showing 100,000 IDs is no long task.
 */
export async function loadWatchList(scope: string, takeLegacy: boolean, max: number): Promise<LoadedList> {
  const legacy: unknown = takeLegacy ? readJson(local(), LEGACY_KEY) : undefined;
  const hasLegacy = Array.isArray(legacy) && legacy.length > 0;
  let read: Awaited<ReturnType<typeof readWatchListPieces>> = { pieces: [], onePiece: false, version: 0 };
  let durable = true;
  try {
    read = await readWatchListPieces(scope);
  } catch {
    durable = false; // No IndexedDB (private mode, tests): the list lives for this page only.
  }
  const own = await checkedIds([...read.pieces, legacy], max);
  // IDs added before a profile existed (a share link opened first) go to the first profile opened with a user ID.
  const from = takeLegacy && durable ? await profileLessLists(scope, max).catch(() => []) : [];
  const ids = from.length > 0 ? await checkedIds([own, ...from.map((f) => f.ids)], max) : own;
  await deriveInSlices(ids, EMPTY_BOARD, SLICE_MS);
  const moved = ids.slice(own.length);
  const writes: LoadedList['writes'] = [];
  // A list in an older form (one piece, or the list in localStorage) is written again as pieces.
  if (durable && (hasLegacy || read.onePiece)) writes.push({ scope, change: { added: ids, removed: [] } });
  else if (moved.length > 0) writes.push({ scope, change: { added: moved, removed: [] } });
  // Taken out of the lists of no user only after they are written here (the changes are written in order).
  for (const list of from) writes.push({ scope: list.scope, change: { added: [], removed: list.ids } });
  const n = moved.length;
  return {
    ids,
    version: read.version,
    writes,
    forgetLegacy: hasLegacy ? () => writeJson(local(), LEGACY_KEY, undefined) : null,
    // The words are in the tasks namespace: fetched here, as a first visit (empty board) has not loaded it.
    said: n > 0 ? await loadNamespace('tasks').then(() => t('tasks.shared.moved', { count: n })) : '',
  };
}

/** The task IDs in stored pieces (unchecked: anything may be there), each once and at most `max`, read in slices. */
export async function checkedIds(pieces: readonly unknown[], max: number): Promise<string[]> {
  const seen = new Set<string>();
  const ids: string[] = [];
  let start = performance.now();
  for (const piece of pieces) {
    if (!Array.isArray(piece)) continue;
    for (let i = 0; i < piece.length && ids.length < max; i++) {
      const id: unknown = piece[i];
      if (typeof id === 'string' && hasTaskIdPrefix(id) && !seen.has(id)) {
        seen.add(id);
        ids.push(id);
      }
      if ((i & 1023) === 1023 && performance.now() - start >= SLICE_MS) {
        await yieldToBrowser();
        start = performance.now();
      }
    }
  }
  return ids;
}
