import { useState } from 'react';

/**
 * Keys for the rows in view that keep their components mounted, so a committed query or a scroll gives the rows already
 * mounted new props rather than unmounting every row and mounting a new set with their cells, clock subscriptions and
 * formatters (at 100,000 rows the most of a commit: issue 38). While a quarter or more of the tasks in view stay (a
 * poll update, a scroll), each keeps its key, so its row moves with it, focus and all, and only the tasks coming into view
 * take the keys of rows that left: a wheel step of 500 px, ~10 of 19 drawn rows, renders those 10 rows, not all 19. When
 * fewer stay (a committed query, a jump), the keys go by place, the first row's to the first: no row moves in the DOM.
 * `pinned` (the task whose row holds focus) keeps its key whenever it stays, so focus never lands on another task.
 * The last rows' keys are state, set as the rows change (React renders the table again at once, before its rows).
 */
export function useRowKeys(ids: readonly string[], pinned: string | null = null): readonly number[] {
  const [last, setLast] = useState<Keyed>({ ids: [], keys: [] });
  if (sameIds(last.ids, ids)) return last.keys;
  const keys = rowKeys(last.ids, last.keys, ids, pinned);
  setLast({ ids, keys });
  return keys;
}

type Keyed = { ids: readonly string[]; keys: readonly number[] };
const sameIds = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((id, i) => id === b[i]);

/** Exported for its tests. */
export function rowKeys(
  lastIds: readonly string[],
  lastKeys: readonly number[],
  ids: readonly string[],
  pinned: string | null = null,
): number[] {
  const keyOf = new Map(lastIds.map((id, i) => [id, lastKeys[i]!]));
  const stay = ids.filter((id) => keyOf.has(id)).length;
  const keys = new Array<number>(ids.length);
  const taken = new Set<number>();
  const keep = (id: string, i: number) => {
    const key = keyOf.get(id);
    if (key !== undefined && !taken.has(key)) taken.add((keys[i] = key));
  };
  // Half, as before, re-rendered every drawn row on a wheel step (9 of 19 stay): twice the row updates, and late frames.
  const pinnedAt = pinned === null ? -1 : ids.indexOf(pinned);
  if (stay * 4 > ids.length) ids.forEach(keep);
  else if (pinnedAt >= 0) keep(pinned!, pinnedAt);
  // The keys not kept, in the order their rows stand: by place.
  const free = lastKeys.filter((k) => !taken.has(k));
  let next = 0;
  let f = 0;
  ids.forEach((_, i) => {
    if (keys[i] !== undefined) return;
    let key = free[f++];
    if (key === undefined) {
      while (taken.has(next) || lastKeys.includes(next)) next++;
      key = next++;
    }
    taken.add((keys[i] = key));
  });
  return keys;
}
