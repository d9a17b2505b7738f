/** 1536 → "1.5 KB": binary units, one decimal, as storage figures are usually read. */
export function formatBytes(n: number): string {
  if (n < 1024) return `${n} B`;
  if (n < 1024 * 1024) return `${(n / 1024).toFixed(1)} KB`;
  return `${(n / 1024 / 1024).toFixed(1)} MB`;
}

/** 75.25 → "1:15.3": a position in audio; anything not finite reads "–". */
export function formatSeconds(s: number): string {
  if (!Number.isFinite(s)) return '–';
  // Rounded to the tenth first, so 59.96 s is "1:00.0", not "0:60.0".
  const tenths = Math.round(s * 10);
  const m = Math.floor(tenths / 600);
  const rest = ((tenths - m * 600) / 10).toFixed(1).padStart(4, '0');
  return `${m}:${rest}`;
}

/**
 * 12000 → "12,000", the same in every locale so counts match the issue texts and tests. Whole
 * numbers are grouped by hand: the first toLocaleString of a page loads ICU's number data (a few
 * ms, four times that on a slow phone), and the Speech page's first render shows a count.
 */
export const formatCount = (n: number): string =>
  Number.isSafeInteger(n) ? String(n).replace(/\B(?=(\d{3})+$)/g, ',') : n.toLocaleString('en-US');
