export type ByteRange = { start: number; end: number };

/**
 * One "bytes=" range of a Range header, resolved against the file size (end inclusive).
 * null: no usable range, send the whole file (allowed for multi-range or odd units);
 * 'unsatisfiable': a well-formed range that lies outside the file (416).
 */
export function parseByteRange(header: string | undefined, size: number): ByteRange | 'unsatisfiable' | null {
  const match = header === undefined ? null : /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match) return null;
  const [, from = '', to = ''] = match;
  if (from === '' && to === '') return null;
  if (from === '') {
    const suffix = Number(to);
    if (suffix === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(from);
  const end = to === '' ? size - 1 : Math.min(Number(to), size - 1);
  if (start >= size) return 'unsatisfiable';
  return end < start ? null : { start, end };
}
