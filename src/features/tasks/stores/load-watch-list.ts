import { hasTaskIdPrefix } from '@/contract';
import { local, readJson, writeJson } from '@/lib/persisted-store';
import { yieldToBrowser } from '@/lib/yield-to-browser';
import { deriveInSlices } from '../model/derive-in-slices';
import { EMPTY_BOARD } from '../model/task-snapshot';
import { readWatchListPieces } from './watch-list-db';

/** Longest stretch of main-thread work between yields while a list loads. */
const SLICE_MS = 8;

/** Where the one list lived before lists belonged to profiles; moved into the first profile opened with a user ID. */
const LEGACY_KEY = 'console.tasks.watch-list';

/** `older`: stored in an older form, to be written again; `forgetLegacy` drops the old list once it has been; `version`: see watch-list-db.ts. */
export type LoadedList = { ids: string[]; version: number; durable: boolean; older: boolean; forgetLegacy: (() => void) | null };

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
  const ids = await checkedIds([...read.pieces, legacy], max);
  await deriveInSlices(ids, EMPTY_BOARD, SLICE_MS);
  return {
    ids,
    version: read.version,
    durable,
    older: hasLegacy || read.onePiece,
    forgetLegacy: hasLegacy ? () => writeJson(local(), LEGACY_KEY, undefined) : null,
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
