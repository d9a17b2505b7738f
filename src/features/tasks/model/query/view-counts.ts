import type { WatchedTask } from '../task-rows';
import { compileQuery, type QueryContext, type RowPredicate } from './compile-query';
import { parseQuery } from './parse-query';
import type { Query, Term } from './query-ast';

/**
 * The saved views' live counts: how many watched rows each view's query matches (docs/query-language.md, "Saved views").
 *
 * At 50 views and 100,000 rows a full count is 5 million tests, too much for one poll update (≤ 16 ms), so:
 * - a view whose query reads no clock ("static": status, code, progress, ID, has:result…) is compiled once,
 *   counted in full once, and then keeps each row's match: an update tests only the rows that changed
 *   (a changed task gets a new row object, see board-rows.ts), 1,000 live rows × 50 views;
 * - a view that reads the clock (updated:, age:, eta:, stalled:, has:eta) can change its count with no row
 *   changing, so it is counted in full again after each update, in slices between which the page runs
 *   (`step(due)`); an update during such a count lets it finish and then counts again (at most one behind).
 */
export type ViewCounts = {
  /** The queries to count (each saved view's, its sort left out); one kept from before keeps its count. */
  setQueries(texts: readonly string[]): void;
  /** A new state of the rows (a poll update) or of the clock: what changed rows alone can say is counted now. */
  update(rows: readonly WatchedTask[], ctx: QueryContext): void;
  /** Counts on until `due()` says to stop (checked every 256 rows); true when nothing is left to count. */
  step(due: () => boolean): boolean;
  /** Each query's count, null while not counted yet; a new Map only when a count changed. */
  counts(): ReadonlyMap<string, number | null>;
};

/** Terms whose match moves with the clock or the stall setting, so a row that did not change may match differently. */
const readsClock = (t: Term) => t.kind === 'duration' || t.kind === 'stalled' || (t.kind === 'has' && t.what.includes('eta'));

type Counted = {
  text: string;
  query: Query;
  timed: boolean;
  /** Static views only: compiled once (it reads no clock). */
  test: RowPredicate | null;
  /** Static views only: each row's match once counted in full (1 or 0), to update the count from changed rows. */
  match: Uint8Array | null;
  count: number | null;
};

type Pass = { views: Counted[]; tests: RowPredicate[]; partial: Int32Array; matches: (Uint8Array | null)[]; next: number };

// Rows between looks at the clock: 256 rows × 50 views is about 3 ms of tests.
const CHECK_EVERY = 256;
const NO_CLOCK: QueryContext = { now: 0, stallMs: 0, firstSeen: () => undefined };

export function createViewCounts(): ViewCounts {
  let views = new Map<string, Counted>();
  let rows: readonly WatchedTask[] = [];
  /** The row objects last seen at each index: a slot whose object differs changed since. */
  let seen: WatchedTask[] = [];
  let ctx = NO_CLOCK;
  let pass: Pass | null = null;
  /** The clock-reading views are to be counted again (an update came since their last count began). */
  let timedDue = false;
  let snapshot: Map<string, number | null> = new Map();
  let dirty = true;

  const start = (): Pass | null => {
    const due = [...views.values()].filter((v) => (v.timed ? timedDue : v.match === null));
    timedDue = false;
    if (due.length === 0) return null;
    return {
      views: due,
      tests: due.map((v) => v.test ?? compileQuery(v.query, ctx)),
      partial: new Int32Array(due.length),
      matches: due.map((v) => (v.timed ? null : new Uint8Array(rows.length))),
      next: 0,
    };
  };

  const finish = (p: Pass) => {
    p.views.forEach((v, k) => {
      v.count = p.partial[k]!;
      if (!v.timed) v.match = p.matches[k]!;
    });
    dirty = true;
  };

  return {
    setQueries(texts) {
      const next = new Map<string, Counted>();
      for (const text of texts) {
        if (next.has(text)) continue;
        const kept = views.get(text);
        if (kept) {
          next.set(text, kept);
          continue;
        }
        const { query } = parseQuery(text);
        const timed = query.terms.some(readsClock);
        next.set(text, { text, query, timed, test: timed ? null : compileQuery(query, NO_CLOCK), match: null, count: null });
        if (timed) timedDue = true;
      }
      views = next;
      dirty = true;
    },

    update(nextRows, nextCtx) {
      ctx = nextCtx;
      if (views.size && [...views.values()].some((v) => v.timed)) timedDue = true;
      if (nextRows !== rows || nextRows.length !== seen.length) {
        // Another list (tasks added or removed, or derived again): every count starts over.
        rows = nextRows;
        seen = nextRows.slice();
        pass = null;
        for (const v of views.values()) v.match = null;
        return;
      }
      const changed: number[] = [];
      for (let i = 0; i < rows.length; i++) {
        const row = rows[i]!;
        if (row !== seen[i]) {
          seen[i] = row;
          changed.push(i);
        }
      }
      if (changed.length === 0) return;
      const adjust = (test: RowPredicate, match: Uint8Array, upTo: number, add: (d: number) => void) => {
        for (const i of changed) {
          if (i >= upTo) continue;
          const m = test(rows[i]!) ? 1 : 0;
          if (m !== match[i]) {
            add(m - match[i]!);
            match[i] = m;
          }
        }
      };
      for (const v of views.values()) {
        if (v.timed || !v.match || !v.test) continue;
        adjust(v.test, v.match, rows.length, (d) => {
          v.count = (v.count ?? 0) + d;
          dirty = true;
        });
      }
      // Rows a running pass has already counted for a static view: theirs too (those after it, the pass reads as they are).
      if (pass) {
        const p = pass;
        p.views.forEach((v, k) => {
          const match = p.matches[k];
          if (match) adjust(p.tests[k]!, match, p.next, (d) => (p.partial[k] = p.partial[k]! + d));
        });
      }
    },

    step(due) {
      pass ??= start();
      const p = pass;
      if (!p) return true;
      const { tests, partial, matches } = p;
      const n = tests.length;
      for (let i = p.next; i < rows.length; i++) {
        const row = rows[i]!;
        for (let k = 0; k < n; k++) {
          if (tests[k]!(row)) {
            partial[k] = partial[k]! + 1;
            const match = matches[k];
            if (match) match[i] = 1;
          }
        }
        if ((i + 1) % CHECK_EVERY === 0 && i + 1 < rows.length && due()) {
          p.next = i + 1;
          return false;
        }
      }
      finish(p);
      pass = null;
      return !timedDue && ![...views.values()].some((v) => !v.timed && v.match === null);
    },

    counts() {
      if (dirty) {
        const next = new Map<string, number | null>();
        for (const v of views.values()) next.set(v.text, v.count);
        const same = next.size === snapshot.size && [...next].every(([k, c]) => snapshot.has(k) && snapshot.get(k) === c);
        if (!same) snapshot = next;
        dirty = false;
      }
      return snapshot;
    },
  };
}
