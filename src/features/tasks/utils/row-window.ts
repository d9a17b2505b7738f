export type RowWindow = { start: number; end: number; top: number; bottom: number };

/**
 * The slice of fixed-height rows to render for a scroll position, plus the spacer heights
 * above and below it. Fixed heights keep this O(1); a library for variable heights would
 * cost several KB of first-load JavaScript.
 */
export function rowWindow(count: number, rowHeight: number, scrollTop: number, viewport: number, overscan: number): RowWindow {
  if (count === 0) return { start: 0, end: 0, top: 0, bottom: 0 };
  const first = Math.floor(Math.max(0, scrollTop) / rowHeight);
  const start = Math.max(0, Math.min(count - 1, first) - overscan);
  const end = Math.min(count, first + Math.ceil(Math.max(viewport, rowHeight) / rowHeight) + 1 + overscan);
  return { start, end, top: start * rowHeight, bottom: (count - end) * rowHeight };
}
