import { isKnownTaskStatus, type TaskStatusCode } from '@/contract';
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
  const seconds = Number.isFinite(raw) && raw * 1000 >= EARLIEST_MS && raw * 1000 <= now + FUTURE_SLACK_MS;
  return { odd: t(seconds ? 'tasks.oddValue.timeSeconds' : 'tasks.oddValue.time', { raw: String(raw) }) };
}

/** What is wrong with a taskProgress outside 0–100 (in the current UI language), or null when it is in range. */
export function progressVerdict(raw: number): string | null {
  return raw >= 0 && raw <= 100 ? null : t('tasks.oddValue.progress', { raw: String(raw) });
}

/** Where each status stands along a task's life; the endings share the last stage. */
const ENDING = 4;
const STAGE: Record<TaskStatusCode, number> = { 1: 1, 2: 2, 3: 3, 4: ENDING, 5: ENDING, 6: ENDING };
const stage = (status: TaskStatusCode) => STAGE[status];

/**
 * A status change backwards along Created → Queued → Running → an ending (Finished, Failed, Aborted), or from one
 * ending to another: no real task does that, so the row and timeline say so. Unlisted statuses are not judged.
 */
export function statusWentBack(from: number | null, to: number): boolean {
  if (from === null || from === to || !isKnownTaskStatus(from) || !isKnownTaskStatus(to)) return false;
  return stage(to) < stage(from) || stage(from) === ENDING;
}
