import type { WatchedTask } from '../../rows';

/**
 * Rows in the order of a number per row (`key`), ties in watch-list order (`index`), both reversed when descending: what
 * a sort by a comparator does, with each row's key read once into a typed array and the rows' positions sorted by
 * it (a comparator over two array reads, not over two rows through three closures: at 100,000 rows, 1.7 million
 * comparisons). The rows in list order, or their reverse, take no comparison at all.
 */
export function sortRows(
  rows: readonly WatchedTask[],
  key: ((row: WatchedTask) => number) | null,
  descending: boolean,
): readonly WatchedTask[] {
  if (!key) return descending ? [...rows].sort((a, b) => b.index - a.index) : rows;
  const n = rows.length;
  const keys = new Float64Array(n);
  const at = new Uint32Array(n);
  const index = new Uint32Array(n);
  for (let i = 0; i < n; i++) {
    keys[i] = key(rows[i]!);
    index[i] = rows[i]!.index;
    at[i] = i;
  }
  at.sort(descending ? (a, b) => keys[b]! - keys[a]! || index[b]! - index[a]! : (a, b) => keys[a]! - keys[b]! || index[a]! - index[b]!);
  const out = new Array<WatchedTask>(n);
  for (let i = 0; i < n; i++) out[i] = rows[at[i]!]!;
  return out;
}
