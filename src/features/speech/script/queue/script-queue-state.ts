import * as z from 'zod/mini';
import { ErrorCode } from '@/contract';
import { backoffMs, retryAfterMs } from './retry-delay';

/** What one request of a line came to, as the injected synthesize function reports it. */
export type SynthesisOutcome =
  | { kind: 'ok'; taskId: string; targetAudioUrl: string }
  /** HTTP 429 or envelope code 429: nothing done, nothing charged; `retryAfter` is the header as sent. */
  | { kind: 'busy'; retryAfter?: string | null }
  | { kind: 'failed'; code?: number; httpStatus?: number };

const lineStatus = z.enum(['pending', 'running', 'done', 'failed', 'cancelled']);
const queueStatus = z.enum(['idle', 'running', 'paused', 'stopped', 'cancelled', 'finished']);

const lineStateSchema = z.object({
  line: z.number(),
  status: lineStatus,
  /** Requests sent for this line, 429s included. */
  attempts: z.number(),
  /** 429s in a row for this line. */
  busyRetries: z.number(),
  /** Not sent before this time (epoch ms), after a 429. */
  notBefore: z.optional(z.number()),
  /** It was in flight when the page went away, and went back to pending (docs/decisions/scripts.md: it may be charged twice). */
  resentAfterReload: z.optional(z.boolean()),
  result: z.optional(z.object({ taskId: z.string(), targetAudioUrl: z.string() })),
  error: z.optional(z.object({ code: z.optional(z.number()), httpStatus: z.optional(z.number()) })),
});
export type LineState = z.infer<typeof lineStateSchema>;

const queueStateSchema = z.object({
  version: z.literal(1),
  status: queueStatus,
  lines: z.array(lineStateSchema),
  /** Why the queue stopped by itself: the gateway said 10091 on `line`, with `left` lines not yet made. */
  stop: z.optional(z.object({ reason: z.literal('insufficientPoints'), line: z.number(), left: z.number() })),
  /** No line starts before this time (epoch ms): a 429 holds the whole queue, since the bound is per user. */
  holdUntil: z.optional(z.number()),
});
export type QueueState = z.infer<typeof queueStateSchema>;
export type QueueStatus = QueueState['status'];

/** 429s in a row after which a line is failed instead of retried again. */
const MAX_BUSY_RETRIES = 8;
/** Requests a line that is always busy gets before it fails: the first and its retries (what the screen says). */
export const MAX_BUSY_TRIES = MAX_BUSY_RETRIES + 1;

export const newQueueState = (lines: readonly number[]): QueueState => ({
  version: 1,
  status: 'idle',
  lines: lines.map((line) => ({ line, status: 'pending', attempts: 0, busyRetries: 0 })),
});

const patchLine = (state: QueueState, line: number, patch: (l: LineState) => LineState): QueueState => ({
  ...state,
  lines: state.lines.map((l) => (l.line === line ? patch(l) : l)),
});

/** Lines still to make: pending or in flight. */
const leftOf = (state: QueueState) => state.lines.filter((l) => l.status === 'pending' || l.status === 'running').length;

export function startLine(state: QueueState, line: number): QueueState {
  return patchLine(state, line, (l) => ({ ...l, status: 'running', attempts: l.attempts + 1 }));
}

/** The queue after one request's outcome: done, retried later (429), stopped (10091) or failed. */
export function applyOutcome(state: QueueState, line: number, outcome: SynthesisOutcome, now: number, random: number): QueueState {
  const current = state.lines.find((l) => l.line === line);
  // Only a line in flight takes an outcome; a cancelled one keeps audio that came anyway (it was charged).
  if (!current || (current.status !== 'running' && !(current.status === 'cancelled' && outcome.kind === 'ok'))) return state;
  const { notBefore: _n, error: _e, ...rest } = current;
  switch (outcome.kind) {
    case 'ok':
      return patchLine(state, line, () => ({
        ...rest,
        status: 'done',
        busyRetries: 0,
        result: { taskId: outcome.taskId, targetAudioUrl: outcome.targetAudioUrl },
      }));
    case 'busy': {
      if (current.busyRetries + 1 > MAX_BUSY_RETRIES) {
        return patchLine(state, line, () => ({ ...rest, status: 'failed', error: { code: 429, httpStatus: 429 } }));
      }
      const wait = retryAfterMs(outcome.retryAfter, now) ?? backoffMs(current.busyRetries, random);
      const notBefore = now + wait;
      const held = patchLine(state, line, () => ({ ...rest, status: 'pending', busyRetries: current.busyRetries + 1, notBefore }));
      return { ...held, holdUntil: Math.max(state.holdUntil ?? 0, notBefore) };
    }
    case 'failed': {
      const error = {
        ...(outcome.code === undefined ? {} : { code: outcome.code }),
        ...(outcome.httpStatus === undefined ? {} : { httpStatus: outcome.httpStatus }),
      };
      if (outcome.code === ErrorCode.insufficientPoints) {
        // Refused before any work, so not charged: the line waits for points like the rest.
        const back = patchLine(state, line, () => ({ ...rest, status: 'pending', busyRetries: 0 }));
        const status = state.status === 'cancelled' ? state.status : 'stopped';
        return { ...back, status, stop: { reason: 'insufficientPoints', line, left: leftOf(back) } };
      }
      return patchLine(state, line, () => ({ ...rest, status: 'failed', busyRetries: 0, error }));
    }
  }
}

/** Operator actions. Pause lets lines in flight finish; resume also restarts a queue stopped by 10091. */
export function setStatus(state: QueueState, action: 'start' | 'pause' | 'resume' | 'cancel'): QueueState {
  if (state.status === 'cancelled' || state.status === 'finished') return state;
  switch (action) {
    case 'start':
    case 'resume': {
      const { stop: _s, ...rest } = state;
      return state.status === 'paused' || state.status === 'stopped' || state.status === 'idle' ? { ...rest, status: 'running' } : state;
    }
    case 'pause':
      return state.status === 'running' ? { ...state, status: 'paused' } : state;
    case 'cancel':
      return {
        ...state,
        status: 'cancelled',
        lines: state.lines.map((l) => (l.status === 'pending' || l.status === 'running' ? { ...l, status: 'cancelled' } : l)),
      };
  }
}

/** Failed lines back to pending, for "retry the failed ones" after a queue has finished. */
export function retryFailed(state: QueueState): QueueState {
  if (!state.lines.some((l) => l.status === 'failed') || state.status === 'cancelled') return state;
  return {
    ...state,
    status: state.status === 'finished' ? 'idle' : state.status,
    lines: state.lines.map((l) => {
      if (l.status !== 'failed') return l;
      const { error: _e, ...rest } = l;
      return { ...rest, status: 'pending', busyRetries: 0 };
    }),
  };
}

/** Statuses of a queue that still has work: it finishes once nothing is pending or in flight. */
const UNFINISHED: Record<QueueStatus, boolean> = {
  idle: false,
  running: true,
  // Paused (or stopped) while its last lines were in flight: when they come back nothing is left to resume.
  paused: true,
  stopped: true,
  cancelled: false,
  finished: false,
};

/** The queue finishes when nothing is pending or in flight. */
export function settle(state: QueueState): QueueState {
  return UNFINISHED[state.status] && leftOf(state) === 0 ? { ...state, status: 'finished' } : state;
}

export type QueueProgress = {
  total: number;
  done: number;
  failed: number;
  cancelled: number;
  pending: number;
  running: number;
  left: number;
};

/** "3 of 50": done + failed of total; `left` is what a stop on 10091 reports. */
export function progressOf(state: QueueState): QueueProgress {
  const count = (s: LineState['status']) => state.lines.filter((l) => l.status === s).length;
  return {
    total: state.lines.length,
    done: count('done'),
    failed: count('failed'),
    cancelled: count('cancelled'),
    pending: count('pending'),
    running: count('running'),
    left: leftOf(state),
  };
}

/** The state to keep across a reload (JSON). */
export const serializeQueue = (state: QueueState): string => JSON.stringify(state);

/**
 * A kept state after a reload: lines that were in flight go back to pending, marked, since their
 * answer was lost; anything unreadable is null (the script is imported again).
 */
export function restoreQueue(json: string): QueueState | null {
  let raw: unknown;
  try {
    raw = JSON.parse(json);
  } catch {
    return null;
  }
  const parsed = queueStateSchema.safeParse(raw);
  if (!parsed.success) return null;
  // settle: a queue kept paused with nothing left (as consoles before this one kept it) is finished, not offered to resume.
  return settle({
    ...parsed.data,
    lines: parsed.data.lines.map((l) => (l.status === 'running' ? { ...l, status: 'pending', resentAfterReload: true } : l)),
  });
}
