import { TaskStatus } from '@/contract';
import { asciiLower } from '@/lib/ascii';
import { SORT_KEYS, sortRows } from '../../rows';
import { allOf, cheapestFirst, compileTermTest, type QueryContext } from '../language/compile-query';
import type { SortKey, Term } from '../language/query-ast';
import type { SearchRow } from './search-row';
import { marksOf, packedCount, type PackedRows, unpackRow } from './packed-rows';

// The list's worker (list.worker.ts) keeps a copy of the watch list's rows and filters and sorts it for the page: at
// 100,000 rows a pasted query's tests and sort were 25–35 ms of the page's main thread (issue 38). The page sends the
// rows in chunks when it is idle, then the rows each poll update writes; messages arrive in order, so a query is read
// over the rows as the page had them when it asked.

export type ListRequest =
  /** A new list of `total` rows: the copy starts empty. */
  | { kind: 'reset'; list: number; total: number }
  /** Rows from position `from` on (the page sends a list in chunks), or the rows a poll update wrote (`positions`). */
  | { kind: 'rows'; list: number; from: number; rows: PackedRows }
  | { kind: 'write'; list: number; positions: Int32Array; rows: PackedRows }
  /**
   * The positions of the rows `terms` keep (ANDed), sorted. `age:` reads the page's first-seen times, sent with it.
   */
  | {
      kind: 'search';
      id: number;
      list: number;
      terms: Term[];
      now: number;
      stallMs: number;
      sort: SortKey;
      descending: boolean;
      /**
       * First-seen times by position (NaN: not known), for `age:`: sent when they changed, kept for the list until then.
       */
      firstSeen?: Float64Array;
    };

/**
 * What the list's actions ask of the rows a search kept: how many have a download link, how many failed. Counted as they
 * are kept, so the page need not scan ~20,000 scattered rows on each poll update (~3 ms there: issue 38).
 */
export type KeptCounts = { withLinks: number; failed: number };

/**
 * A search's answer: the rows' positions in order, or null when the copy is of another list or not whole yet; with the
 * kept rows' counts.
 */
export type ListReply = { id: number; positions: Int32Array | null; counts?: KeptCounts };

const NO_FIRST_SEEN: QueryContext['firstSeen'] = () => undefined;

/** The worker's side: `reply` gets each search's answer (its array to be transferred, not copied). */
export function createListSearch(reply: (answer: ListReply, transfer: Transferable[]) => void): (request: ListRequest) => void {
  let list = -1;
  let rows: SearchRow[] = [];
  let missing = 0;
  let times: Float64Array | undefined;
  const put = (at: number, row: SearchRow) => {
    if (rows[at] === undefined) missing--;
    rows[at] = row;
  };

  return (request) => {
    if (request.kind === 'reset') {
      list = request.list;
      rows = new Array<SearchRow>(request.total);
      missing = request.total;
      times = undefined;
      return;
    }
    if (request.kind === 'search') {
      if (request.list !== list || missing > 0) return reply({ id: request.id, positions: null }, []);
      times = request.firstSeen ?? times;
      const seen = times;
      const firstSeen: QueryContext['firstSeen'] = seen
        ? (row) => {
            const t = seen[row.index];
            return t !== undefined && t === t ? t : undefined;
          }
        : NO_FIRST_SEEN;
      const ctx: QueryContext = { now: request.now, stallMs: request.stallMs, firstSeen };
      const keep = allOf(cheapestFirst(request.terms).map((term) => compileTermTest(term, ctx)));
      const kept: SearchRow[] = [];
      const counts: KeptCounts = { withLinks: 0, failed: 0 };
      for (let i = 0; i < rows.length; i++) {
        const row = rows[i]!;
        if (!keep(row)) continue;
        kept.push(row);
        if (row.downloadUrl !== null) counts.withLinks++;
        if (row.group === TaskStatus.failed) counts.failed++;
      }
      const ordered = sortRows(kept, request.sort === 'list' ? null : SORT_KEYS[request.sort], request.descending);
      const positions = new Int32Array(ordered.length);
      for (let i = 0; i < ordered.length; i++) positions[i] = ordered[i]!.index;
      return reply({ id: request.id, positions, counts }, [positions.buffer]);
    }
    if (request.list !== list) return;
    const packed = request.rows;
    let markAt = 0;
    for (let k = 0; k < packedCount(packed); k++) {
      if (request.kind === 'rows') {
        const at = request.from + k;
        const id = packed.ids?.[k] ?? '';
        put(at, unpackRow(packed, k, at, id, asciiLower(id), markAt));
      } else {
        // A poll update's rows come without their IDs: the worker has them, at that place.
        const at = request.positions[k]!;
        const before = rows[at];
        if (before) put(at, unpackRow(packed, k, at, before.id, before.idLower, markAt));
      }
      markAt += marksOf(packed, k);
    }
  };
}
