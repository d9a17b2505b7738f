import { t } from '@/i18n/i18n-store';

// Values a gateway sends that cannot be true: shown as such, with the raw value, never as if they were.

/** The earliest updateTime taken as true (the service is newer than that); earlier ones are garbage or seconds. */
const EARLIEST_MS = Date.UTC(2000, 0, 1);
/** How far ahead of the local clock an updateTime may be (clock skew); later ones cannot be true. */
const FUTURE_SLACK_MS = 60 * 60_000;

export type TimeVerdict = { at: number } | { odd: string };

/** A gateway's updateTime checked against the local clock: the time, or what is wrong with it and its raw value. */
export function timeVerdict(raw: number, now: number): TimeVerdict {
  if (Number.isFinite(raw) && raw >= EARLIEST_MS && raw <= now + FUTURE_SLACK_MS) return { at: raw };
  return { odd: t(looksLikeSeconds(raw, now) ? 'tasks.oddValue.timeSeconds' : 'tasks.oddValue.time', { raw: String(raw) }) };
}

/** Whether an updateTime out of range would be a true time read as seconds (the table asks "seconds?"). */
export const looksLikeSeconds = (raw: number, now: number): boolean =>
  Number.isFinite(raw) && raw * 1000 >= EARLIEST_MS && raw * 1000 <= now + FUTURE_SLACK_MS;

/** What is wrong with a taskProgress outside 0–100 (in the current UI language), or null when it is in range. */
export function progressVerdict(raw: number): string | null {
  return raw >= 0 && raw <= 100 ? null : t('tasks.oddValue.progress', { raw: String(raw) });
}

// In a file of its own: the status worker's merge uses it, and the worker has no message catalogs.
export { statusWentBack } from './status-went-back';
