/**
 * How current the board's data is: checked on schedule (`live`), its updates failing (`stale`, the stale banner's
 * condition), or its automatic checks off (`paused`). What counts on the clock (ETAs) counts only while `live`;
 * otherwise it stands at the last good check and says why.
 */
export type Freshness = 'live' | 'stale' | 'paused';

/** Failing wins over checks off: the last attempt (a "Refresh now", or one before the switch) failed. */
export function boardFreshness(failing: boolean, intervalMs: number): Freshness {
  if (failing) return 'stale';
  return intervalMs === 0 ? 'paused' : 'live';
}
