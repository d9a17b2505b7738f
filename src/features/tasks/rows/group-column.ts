import { type IdleScheduler, type IdleSlice, whenIdle } from '@/lib/idle-slices';
import type { StatusGroup } from '../task';
import { positionsWritten } from './board-rows';
import type { WatchedTask } from './task-rows';

/** The code of a slot not derived yet (the list fills its array in slices): a reader tests that row itself. */
export const NOT_DERIVED = 255;

const codes = new Map<StatusGroup, number>();
/**
 * A status group as a small number, the same for the page's life. Groups are a handful (the six statuses and the
 * console's own), so 255 codes are never used up; one past them would read as NOT_DERIVED, which is only slower.
 */
export function groupCode(group: StatusGroup): number {
  let code = codes.get(group);
  if (code === undefined) codes.set(group, (code = Math.min(codes.size, NOT_DERIVED)));
  return code;
}

/** For each code, 1 when `accept` takes its group; 1 for NOT_DERIVED too (that row is read itself). */
export function codeMask(accept: (group: StatusGroup) => boolean): Uint8Array {
  const mask = new Uint8Array(NOT_DERIVED + 1);
  for (const [group, code] of codes) mask[code] = accept(group) ? 1 : 0;
  mask[NOT_DERIVED] = 1;
  return mask;
}

type Column = { version: number; codes: Uint8Array; builtTo: number; undecided: number };
const columns = new WeakMap<readonly WatchedTask[], Column>();

function read(rows: readonly (WatchedTask | undefined)[], column: Column, from: number, to: number) {
  for (let i = from; i < to; i++) {
    const row = rows[i];
    const code = row ? groupCode(row.group) : NOT_DERIVED;
    if (column.codes[i] === NOT_DERIVED) column.undecided--;
    column.codes[i] = code;
    if (code === NOT_DERIVED) column.undecided++;
  }
}

/**
 * `rows`' column brought to `version`, with at most `limit` more rows of its unread end read: a new one (another rows
 * array, or writes the log no longer knows) starts empty; poll updates' positions already read are read again; a list
 * grown in place has a longer unread end; slots not derived yet when read are read again once the column is whole.
 */
function advance(rows: readonly WatchedTask[], version: number, limit: number): Column {
  let column = columns.get(rows);
  const written = column ? positionsWritten(rows, column.version, version) : null;
  if (!column || !written || column.codes.length > rows.length) {
    column = { version, codes: new Uint8Array(rows.length).fill(NOT_DERIVED), builtTo: 0, undecided: rows.length };
    columns.set(rows, column);
  }
  for (const p of written ?? []) if (p < column.builtTo) read(rows, column, p, p + 1);
  if (column.codes.length < rows.length) {
    const grown = new Uint8Array(rows.length).fill(NOT_DERIVED);
    grown.set(column.codes);
    column.undecided += rows.length - column.codes.length;
    column.codes = grown;
  }
  column.version = version;
  const to = Math.min(rows.length, column.builtTo + limit);
  read(rows, column, column.builtTo, to);
  column.builtTo = to;
  // Whole, but with slots not derived when read (the list's first pass still running then): read those again.
  if (to === rows.length && column.undecided > 0)
    for (let i = 0; i < to; i++) if (column.codes[i] === NOT_DERIVED) read(rows, column, i, i + 1);
  return column;
}

/**
 * Each row's status group as one byte (groupCode), in list order, for `rows` as of `version`: what a query's `status:`
 * term reads first at 100,000 rows, in one sequential pass over 100 kB, rather than the rows themselves, whose objects
 * lie across the heap (a row read at random costs 100–300 ns on this machine). Made once per rows array, in idle slices
 * beforehand (buildGroupColumnWhenIdle) or else here, then brought up to date from the positions poll updates wrote
 * (positionsWritten).
 */
export function groupColumn(rows: readonly WatchedTask[], version: number): Uint8Array {
  return advance(rows, version, Infinity).codes;
}

/** Rows read between two looks at the idle deadline. */
const ROWS_PER_CHECK = 1_024;

/**
 * Reads `rows`' column in idle slices, so a query's first `status:` term finds it made; `version()` is the rows' version
 * at each slice (poll updates go on meanwhile). Returns a cancel.
 */
export function buildGroupColumnWhenIdle(rows: readonly WatchedTask[], version: () => number, idle: IdleScheduler = whenIdle): () => void {
  let cancel: (() => void) | null = null;
  const slice = ({ hasTime }: IdleSlice) => {
    let column: Column;
    do column = advance(rows, version(), ROWS_PER_CHECK);
    while (column.builtTo < rows.length && hasTime());
    cancel = column.builtTo < rows.length ? idle(slice) : null;
  };
  cancel = idle(slice);
  return () => cancel?.();
}
