import { formatSeconds } from '@/lib/format';

/** Longer than any take: 100,000 characters at the slowest speed are a few hours. */
const MAX_SEGMENT_MS = 24 * 60 * 60 * 1000;

const isTrueTime = (ms: number) => Number.isFinite(ms) && ms >= 0 && ms <= MAX_SEGMENT_MS;
const time = (ms: number) => (isTrueTime(ms) ? formatSeconds(ms / 1000) : `invalid time (${String(ms)} ms)`);

/**
 * A segment's times as the list shows them. A time that cannot be true (negative, beyond a day,
 * or an end before the start) is shown as such with the gateway's raw value, never formatted as if
 * it were true ("-1:60.0"), and is not offered as a place to seek to.
 */
export function segmentTimes(startMs: number, endMs: number): { label: string; seekable: boolean } {
  if (isTrueTime(startMs) && isTrueTime(endMs) && endMs < startMs) {
    return { label: `invalid range (${String(startMs)}–${String(endMs)} ms: ends before it starts)`, seekable: false };
  }
  return { label: `${time(startMs)}–${time(endMs)}`, seekable: isTrueTime(startMs) && isTrueTime(endMs) };
}
