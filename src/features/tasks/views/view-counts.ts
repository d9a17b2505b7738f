import type { WatchedTask } from '../rows';
import { compileQuery, readsClock, type QueryContext, type RowPredicate, parseQuery, type Query } from '../query';

/**
 * The saved views' live counts: how many watched rows each view's query matches (docs/decisions/task-queries.md, "Saved views' live counts").
 *
 * At 50 views and 100,000 rows a full count is 5 million tests, too much for one poll update (≤ 16 ms), so each view is
 * counted in full once, in slices between which the page runs (`step(due)`), and keeps each row's match; after that an
 * update tests only the rows that changed (a changed task gets a new row object, see board-rows.ts): 1,000 live rows ×
 * 50 views. A view whose query reads the clock (updated:, age:, eta:, stalled:, has:eta) can change its count with no row
 * changing, so it is also counted in full again, at most every RECOUNT_MS of the clock; an update during such a count
 * lets it finish and adjusts the rows it has passed.
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

type Counted = {
  text: string;
  query: Query;
  timed: boolean;
  /** Static views only: compiled once (it reads no clock). */
  test: RowPredicate | null;
  /** Each row's match once counted in full (1 or 0), to update the count from changed rows alone. */
  match: Uint8Array | null;
  count: number | null;
};

type Pass = { views: Counted[]; tests: RowPredicate[]; partial: Int32Array; matches: Uint8Array[]; next: number };

/** Clock time between two full counts of the views that read the clock (their counts drift only as time passes). */
export const RECOUNT_MS = 10_000;

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
  /** The clock-reading views are to be counted in full again. */
  let timedDue = false;
  /** The clock when their last full count began. */
  let timedAt = -Infinity;
  let snapshot: Map<string, number | null> = new Map();
  let dirty = true;

  const start = (): Pass | null => {
    const due = [...views.values()].filter((v) => v.match === null || (v.timed && timedDue));
    if (due.some((v) => v.timed)) {
      timedDue = false;
      timedAt = ctx.now;
    }
    if (due.length === 0) return null;
    return {
      views: due,
      tests: due.map((v) => v.test ?? compileQuery(v.query, ctx)),
      partial: new Int32Array(due.length),
      matches: due.map(() => new Uint8Array(rows.length)),
      next: 0,
    };
  };

  const finish = (p: Pass) => {
    p.views.forEach((v, k) => {
      v.count = p.partial[k]!;
      v.match = p.matches[k]!;
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
        const timed = readsClock(query);
        next.set(text, { text, query, timed, test: timed ? null : compileQuery(query, NO_CLOCK), match: null, count: null });
      }
      // Rows taken while there was no view: every new view is counted in full from them.
      if (seen.length !== rows.length) seen = rows.slice();
      views = next;
      dirty = true;
    },

    update(nextRows, nextCtx) {
      // Due again as the clock moves on (or back), or with another stall setting.
      if (nextCtx.stallMs !== ctx.stallMs || nextCtx.now - timedAt >= RECOUNT_MS || nextCtx.now < timedAt) timedDue = true;
      ctx = nextCtx;
      if (views.size === 0) {
        // No view to count: no pass over 100,000 rows to find the changed ones (setQueries takes the rows as they are then).
        rows = nextRows;
        seen = [];
        pass = null;
        return;
      }
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
        if (!v.match) continue;
        // A clock-reading view tests the changed rows at this update's clock (the others it counted at its last full count's).
        adjust(v.test ?? compileQuery(v.query, ctx), v.match, rows.length, (d) => {
          v.count = (v.count ?? 0) + d;
          dirty = true;
        });
      }
      // Rows a running pass has already counted: adjusted in it too (those after, the pass reads as they are).
      if (pass) {
        const p = pass;
        p.views.forEach((_, k) => adjust(p.tests[k]!, p.matches[k]!, p.next, (d) => (p.partial[k] = p.partial[k]! + d)));
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
            matches[k]![i] = 1;
          }
        }
        if ((i + 1) % CHECK_EVERY === 0 && i + 1 < rows.length && due()) {
          p.next = i + 1;
          return false;
        }
      }
      finish(p);
      pass = null;
      return !timedDue && ![...views.values()].some((v) => v.match === null);
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
