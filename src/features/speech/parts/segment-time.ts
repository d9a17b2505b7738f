import type { Translate } from '@/i18n/i18n-store';
import { formatSeconds } from '@/lib/format';

/** Longer than any take: 100,000 characters at the slowest speed are a few hours. */
const MAX_SEGMENT_MS = 24 * 60 * 60 * 1000;

const isTrueTime = (ms: number) => Number.isFinite(ms) && ms >= 0 && ms <= MAX_SEGMENT_MS;
const time = (t: Translate, ms: number) =>
  isTrueTime(ms) ? formatSeconds(ms / 1000) : t('speech.segments.invalidTime', { ms: String(ms) });

/**
 * A segment's times as the list shows them. A time that cannot be true (negative, beyond a day,
 * or an end before the start) is shown as such with the gateway's raw value, never formatted as if
 * it were true ("-1:60.0"), and is not offered as a place to seek to.
 */
export function segmentTimes(t: Translate, startMs: number, endMs: number): { label: string; seekable: boolean } {
  if (isTrueTime(startMs) && isTrueTime(endMs) && endMs < startMs) {
    return { label: t('speech.segments.invalidRange', { start: String(startMs), end: String(endMs) }), seekable: false };
  }
  return { label: `${time(t, startMs)}–${time(t, endMs)}`, seekable: isTrueTime(startMs) && isTrueTime(endMs) };
}
