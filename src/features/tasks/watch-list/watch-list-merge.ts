/**
 * What one save did to a watch list: IDs appended (in order, none twice) and IDs taken out. A change,
 * not a list, so saves from two tabs merge.
 */
export type WatchListChange = { added: readonly string[]; removed: readonly string[] };

export type MergedPieces = {
  pieces: (readonly string[])[];
  /** Indexes of the pieces to write again (a piece left as it was is not copied into IndexedDB). */
  changed: number[];
  /** Each change as it took effect: only IDs that were there were removed, only new ones (up to `max`) added. */
  effective: WatchListChange[];
};

/**
 * Applies `changes` in order to a list kept as `pieces` of at most `size` IDs: removals come out of
 * the pieces that hold them, additions not already there go onto the end (up to `max` IDs in all).
 * One pass over the IDs per change, with sets only of the change's own IDs, so adding 3 IDs to
 * 100,000 builds no 100,000-key set and rewrites only the last piece. `holding`, if given, names
 * the stored pieces that hold any ID the changes name (found as each piece was read): only those are
 * looked through. Pieces thinned out by removals are packed again once there are more than twice as
 * many as needed.
 */
export function mergeIntoPieces(
  stored: readonly (readonly string[])[],
  changes: readonly WatchListChange[],
  size: number,
  max: number,
  holding?: ReadonlySet<number>,
): MergedPieces {
  const pieces = stored.slice();
  const changed = new Set<number>();
  const effective: WatchListChange[] = [];
  let total = pieces.reduce((n, p) => n + p.length, 0);
  for (const change of changes) {
    const drop = new Set(change.removed);
    // The IDs to add not found yet: made when a piece is first looked through, so adding to an empty
    // list, or to pieces none of which holds them, makes no set of them (100,000 at a first import).
    let fresh: Set<string> | null = null;
    const removed: string[] = [];
    const named = drop.size > 0 || change.added.length > 0;
    for (let p = 0; p < pieces.length && named && (drop.size > 0 || fresh?.size !== 0); p++) {
      // A piece written by an earlier change here may hold its IDs.
      if (holding && !holding.has(p) && !changed.has(p)) continue;
      fresh ??= new Set(change.added);
      const piece = pieces[p]!;
      let kept: string[] | null = null;
      for (let i = 0; i < piece.length; i++) {
        const id = piece[i]!;
        if (drop.has(id)) {
          removed.push(id);
          kept ??= piece.slice(0, i);
          continue;
        }
        fresh.delete(id);
        kept?.push(id);
      }
      if (kept) {
        pieces[p] = kept;
        changed.add(p);
        total -= piece.length - kept.length;
      }
    }
    const added = (fresh ? [...fresh] : change.added).slice(0, Math.max(0, max - total));
    for (let from = 0; from < added.length;) {
      const last = pieces.length - 1;
      const room = last >= 0 ? size - pieces[last]!.length : 0;
      if (room > 0) {
        pieces[last] = pieces[last]!.concat(added.slice(from, from + room));
        changed.add(last);
        from += room;
      } else {
        pieces.push([]);
      }
    }
    total += added.length;
    effective.push({ added, removed });
  }
  const needed = Math.ceil(total / size);
  if (pieces.length > 2 * needed + 1)
    return { pieces: repack(pieces.flat(), size), changed: Array.from({ length: needed }, (_, i) => i), effective };
  return { pieces, changed: [...changed].sort((a, b) => a - b), effective };
}

function repack(ids: readonly string[], size: number): string[][] {
  return Array.from({ length: Math.ceil(ids.length / size) }, (_, i) => ids.slice(i * size, (i + 1) * size));
}

/** `changes` applied in order to one list in memory, by the same rules; the same array back when nothing took effect. */
export function mergeIntoList(ids: readonly string[], changes: readonly WatchListChange[], max: number): readonly string[] {
  // One piece of no bounded size: the list itself.
  const { pieces, changed } = mergeIntoPieces([ids], changes, Infinity, max);
  return changed.length === 0 ? ids : pieces[0]!;
}
