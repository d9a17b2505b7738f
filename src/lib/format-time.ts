/** The largest time a JavaScript Date can hold (±100,000,000 days from 1970), in ms. */
const MAX_DATE_MS = 8.64e15;

/**
 * A gateway's updateTime as a usable time, or null: the contract accepts any number (a real
 * gateway might send seconds, or garbage), and a Date beyond its range throws when formatted.
 */
export function usableTime(ms: number): number | null {
  return Number.isFinite(ms) && Math.abs(ms) <= MAX_DATE_MS ? ms : null;
}
