/** The largest time a JavaScript Date can hold (±100,000,000 days from 1970), in ms. */
const MAX_DATE_MS = 8.64e15;

/**
 * A gateway's updateTime as a usable time, or null: the contract accepts any number (a real
 * gateway might send seconds, or garbage), and a Date beyond its range throws when formatted.
 */
export function usableTime(ms: number): number | null {
  return Number.isFinite(ms) && Math.abs(ms) <= MAX_DATE_MS ? ms : null;
}

/** "12 s ago", "3 min ago", "2 h ago", "4 d ago"; future times (clock skew) read as "just now". */
export function formatRelative(at: number, now: number): string {
  const s = Math.round((now - at) / 1000);
  if (s < 5) return 'just now';
  if (s < 60) return `${s} s ago`;
  if (s < 3600) return `${Math.floor(s / 60)} min ago`;
  if (s < 86_400) return `${Math.floor(s / 3600)} h ago`;
  return `${Math.floor(s / 86_400)} d ago`;
}

/** "45 s", "3 min 20 s", "2 h 5 min". */
export function formatDuration(ms: number): string {
  const s = Math.max(0, Math.round(ms / 1000));
  if (s < 60) return `${s} s`;
  if (s < 3600) return `${Math.floor(s / 60)} min${s % 60 ? ` ${s % 60} s` : ''}`;
  return `${Math.floor(s / 3600)} h${Math.floor((s % 3600) / 60) ? ` ${Math.floor((s % 3600) / 60)} min` : ''}`;
}

export function formatExact(at: number): string {
  return new Date(at).toLocaleString();
}
