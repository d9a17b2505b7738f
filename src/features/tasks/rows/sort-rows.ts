/** What a sort needs of a row besides its key: its place in the watch list (a row, or a worker's copy of one). */
type Placed = { index: number };

/**
 * Rows in the order of a number per row (`key`), ties in watch-list order (`index`), both reversed when descending: what
 * a sort by a comparator does. At RADIX_FROM rows or more in list order (as the query's filter gives them), a radix sort
 * of the keys, stable and so keeping ties in list order: no comparison at all, where a comparator sort of 100,000 rows
 * made 1.7 million calls (22-27 ms in Chromium on every poll update with a sort on; the radix sort 3-6 ms once
 * compiled: npm run bench:sort, and docs/performance/issue-38-speed-at-scale.md). Fewer rows take the comparator.
 * The rows in list order, or their reverse, take no sort at all. NaN sorts after every number either way.
 */
export function sortRows<R extends Placed>(rows: readonly R[], key: ((row: R) => number) | null, descending: boolean): readonly R[] {
  if (!key) return descending ? [...rows].sort((a, b) => b.index - a.index) : rows;
  const keys = new Float64Array(rows.length);
  const inListOrder = readKeys(rows, key, keys);
  const order = inListOrder && rows.length >= RADIX_FROM ? radixOrder(keys) : comparatorOrder(rows, keys);
  return placeRows(rows, order, descending);
}

/**
 * Each row's key into `keys`; true when the rows are in list order. One of the two loops over every row, each a
 * function of its own that warmUpSort compiles: run cold, the two cost 15–20 ms for 18,000 rows in the page.
 */
function readKeys<R extends Placed>(rows: readonly R[], key: (row: R) => number, keys: Float64Array): boolean {
  let inListOrder = true;
  for (let i = 0; i < rows.length; i++) {
    keys[i] = key(rows[i]!);
    if (i > 0 && rows[i]!.index <= rows[i - 1]!.index) inListOrder = false;
  }
  return inListOrder;
}

/** The rows in `order` (positions in `rows`), or its reverse. */
function placeRows<R>(rows: readonly R[], order: Uint32Array, descending: boolean): R[] {
  const n = order.length;
  const out = new Array<R>(n);
  for (let i = 0; i < n; i++) out[descending ? n - 1 - i : i] = rows[order[i]!]!;
  return out;
}

/**
 * Below this many rows the comparator. From here the radix sort is the cheaper once compiled, which warmUpSort has done
 * before the operator sorts (18,000 rows in Chromium, medians of nine fresh pages: the order alone 1.1 ms against the
 * comparator's 3.4; the whole sort, keys read and rows placed, 9.3 ms for a page's first against 20.7–24.4).
 */
const RADIX_FROM = 16_384;

/** A digit's bits: a 32-bit word read as three digits of 11, 11 and 10 bits (2,048 counts each). */
const DIGIT_BITS = 11;
const DIGITS = 1 << DIGIT_BITS;
const MASK = DIGITS - 1;
const PASSES = 6;

/**
 * Positions 0..n-1 in the order of their keys, equal keys in position order: a least-significant-digit radix sort of
 * each key's 64 bits, made unsigned and order-keeping (a positive number's sign bit set, a negative one's bits all
 * flipped), 11 bits a pass. The six digits' counts are taken in the one pass that reads the keys, and a pass whose
 * digit is the same for every key is skipped (a timestamp's sign and exponent, most of a percentage). Digits of 11 bits,
 * not 16: six passes over 2,048 counts cost less than four over 65,536 below about 100,000 rows, and the page's first
 * sort, run before the JIT has compiled the loops, less again (100,000 rows in Chromium, medians of nine fresh pages:
 * first sort 27.3 ms against 31.6, the third 3.4 against 5.1). NaN sorts after every number, as the native sort puts
 * it. The order it gives is read before the next call: its arrays are kept for that one (see scratchFor). Exported for
 * its tests.
 */
export function radixOrder(keys: Float64Array): Uint32Array {
  const n = keys.length;
  const bits = new Uint32Array(keys.buffer, keys.byteOffset, n * 2);
  // Little-endian words: bits[2i] the low 32 bits of key i, bits[2i + 1] the high.
  const { lo, hi, order: first, next: second, counts } = scratchFor(n);
  counts.fill(0);
  for (let i = 0; i < n; i++) {
    const k = keys[i]!;
    let h = bits[2 * i + 1]!;
    let l = bits[2 * i]!;
    if (k !== k) {
      // NaN
      h = 0xffffffff;
      l = 0xffffffff;
    } else if (k === 0) {
      // -0 and 0 are one key.
      h = 0x80000000;
      l = 0;
    } else if (h >= 0x80000000) {
      h = ~h >>> 0;
      l = ~l >>> 0;
    } else h = (h | 0x80000000) >>> 0;
    hi[i] = h;
    lo[i] = l;
    counts[l & MASK]!++;
    counts[DIGITS + ((l >>> DIGIT_BITS) & MASK)]!++;
    counts[2 * DIGITS + (l >>> (2 * DIGIT_BITS))]!++;
    counts[3 * DIGITS + (h & MASK)]!++;
    counts[4 * DIGITS + ((h >>> DIGIT_BITS) & MASK)]!++;
    counts[5 * DIGITS + (h >>> (2 * DIGIT_BITS))]!++;
  }
  let order = first;
  for (let i = 0; i < n; i++) order[i] = i;
  let next = second;
  for (let pass = 0; pass < PASSES; pass++) {
    const word = pass < 3 ? lo : hi;
    const shift = (pass % 3) * DIGIT_BITS;
    const base = pass * DIGITS;
    if (n === 0 || counts[base + ((word[0]! >>> shift) & MASK)] === n) continue;
    let sum = 0;
    for (let d = base; d < base + DIGITS; d++) {
      const c = counts[d]!;
      counts[d] = sum;
      sum += c;
    }
    for (let j = 0; j < n; j++) {
      const i = order[j]!;
      next[counts[base + ((word[i]! >>> shift) & MASK)]!++] = i;
    }
    [order, next] = [next, order];
  }
  return order;
}

type Scratch = { lo: Uint32Array; hi: Uint32Array; order: Uint32Array; next: Uint32Array; counts: Uint32Array };
let scratch: Scratch | null = null;

/**
 * The radix sort's working arrays, kept from one sort to the next (a sort on runs with every poll update): new ones of
 * 4.2 MB per sort of 100,000 rows, memory outside the JS heap that makes V8 collect the whole heap sooner.
 */
function scratchFor(n: number) {
  if (!scratch || scratch.lo.length < n) {
    const size = Math.ceil(n * 1.25);
    scratch = {
      lo: new Uint32Array(size),
      hi: new Uint32Array(size),
      order: new Uint32Array(size),
      next: new Uint32Array(size),
      counts: new Uint32Array(PASSES * DIGITS),
    };
  }
  const { lo, hi, order, next, counts } = scratch;
  return { lo: lo.subarray(0, n), hi: hi.subarray(0, n), order: order.subarray(0, n), next: next.subarray(0, n), counts };
}

let warmed = false;
/** Rows the warm-up reads with the list's own key: enough loop turns for the JIT, about 1 ms a round. */
const WARM_ROWS = 2_048;

/**
 * Has the JIT compile the sort's loops before an operator's first sort of a long list, when the browser is idle, once a
 * page with a list the radix sort would sort: three sorts of 2,048 keys that differ in every digit (radixOrder), and
 * three rounds of the list's first 2,048 rows through the loops that read their keys and place them (`key`: the sort
 * an operator is likely to take first). Without it a page's first sort of 18,000 rows in Chromium took 20.7–24.4 ms
 * (radix order warmed alone: 9.3 ms in a bench page; 27 ms in the console's, its loops over the rows cold), 100,000
 * rows 45.4–48.6 ms (docs/performance/issue-38-speed-at-scale.md). Returns a cancel for a list gone first.
 */
export function warmUpSort<R extends Placed>(rows: readonly R[], key: (row: R) => number): () => void {
  if (warmed || rows.length < RADIX_FROM || typeof requestIdleCallback !== 'function') return () => {};
  const id = requestIdleCallback(() => {
    warmed = true;
    const keys = new Float64Array(WARM_ROWS);
    for (let round = 0; round < 3; round++) {
      for (let i = 0; i < keys.length; i++) keys[i] = ((i * 2_654_435_761 + round) % 4_294_967_291) * (i % 2 ? -1.5e9 : 3.7e-3);
      radixOrder(keys);
    }
    const sample = rows.slice(0, WARM_ROWS);
    const order = Uint32Array.from(sample, (_, i) => i);
    for (let round = 0; round < 3; round++) {
      readKeys(sample, key, keys);
      placeRows(sample, order, round % 2 === 1);
    }
  });
  return () => cancelIdleCallback(id);
}

/** The same order by a comparator over the keys, ties by list position. */
function comparatorOrder(rows: readonly Placed[], keys: Float64Array): Uint32Array {
  const n = rows.length;
  const order = new Uint32Array(n);
  const index = new Float64Array(n);
  let nan = false;
  for (let i = 0; i < n; i++) {
    order[i] = i;
    index[i] = rows[i]!.index;
    if (keys[i] !== keys[i]) nan = true;
  }
  // Equal infinities subtract to NaN, which || takes as a tie.
  if (!nan) return order.sort((a, b) => keys[a]! - keys[b]! || index[a]! - index[b]!);
  return order.sort((a, b) => {
    const nanA = keys[a] !== keys[a];
    if (nanA !== (keys[b] !== keys[b])) return nanA ? 1 : -1;
    return (nanA ? 0 : keys[a]! - keys[b]!) || index[a]! - index[b]!;
  });
}
