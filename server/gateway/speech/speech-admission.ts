import { busy } from '../busy';

export type SpeechQueueLimits = {
  /** Syntheses one user (X-User-Id) may have waiting or running at once. */
  perUser: number;
  /** Syntheses waiting or running at once, all callers together: no header escapes it. */
  total: number;
  /** Most one caller (token) may have at once, whatever its fair share; unset: the total. */
  perCaller?: number;
};
export const DEFAULT_SPEECH_QUEUE_LIMITS: SpeechQueueLimits = { perUser: 2, total: 8 };

/** Who asks: the user (a header the client chooses) and the caller (its credential, see caller-key.ts). */
type SpeechAsker = { userId: string; callerKey: string };

export type SpeechAdmission = {
  /** A place in the queue, or a 429 "busy" refusal (with Retry-After); call the returned function when done. */
  enter(asker: SpeechAsker): () => void;
  readonly inFlight: number;
  /** Resolves when every admitted synthesis has left (refunds included). */
  drained(): Promise<void>;
};

/** Retry-After bounds: a place frees when one synthesis ends, seconds apart at most on this engine. */
const RETRY_MIN_S = 1;
const RETRY_MAX_S = 30;
/** Weight of the newest gap between two leaves in the running average. */
const GAP_WEIGHT = 0.2;

/**
 * Admission control for synthesis, so that no client can keep the engine busy for everyone else:
 *
 * - SPEECH_QUEUE_TOTAL bounds all syntheses together; rotating X-User-Id does not escape it.
 * - A caller (a token, or a connection address without one) may hold at most its fair share:
 *   floor(total / (callers + 1)), at least 1, where `callers` counts the callers holding places,
 *   itself included. The "+ 1" keeps places free for a caller that has none yet: a flood from one
 *   token holds at most half the queue while alone, a third once a second caller is in, and so on,
 *   so another caller is never refused because one caller took every place. Places are not taken
 *   back: a caller above a smaller share only cannot add more until its own finish. Inside the
 *   queue the engine serves callers round-robin (FairQueue), so a caller's job waits behind at
 *   most one of each other caller's, not behind all of them.
 * - SPEECH_QUEUE_PER_USER still bounds each user, within the caller's share.
 *
 * With one token shared by everyone (GATEWAY_TOKENS=dev-token), all clients are one caller: the
 * total and per-user bounds still hold, but fairness between people needs a token each.
 */
export function createSpeechAdmission(limits: SpeechQueueLimits = DEFAULT_SPEECH_QUEUE_LIMITS): SpeechAdmission {
  const perUser = new Map<string, number>();
  const perCaller = new Map<string, number>();
  const callerCap = limits.perCaller ?? limits.total;
  let inFlight = 0;
  let waiters: (() => void)[] = [];
  let lastLeave = 0;
  /** Running average of the milliseconds between two leaves: how soon a place usually frees. */
  let gapMs = 0;

  const retryAfter = (placesAhead = 1) =>
    Math.min(RETRY_MAX_S, Math.max(RETRY_MIN_S, Math.ceil((gapMs * placesAhead) / 1000) || RETRY_MIN_S));
  const share = (callerKey: string) => {
    const callers = perCaller.size + (perCaller.has(callerKey) ? 0 : 1);
    return Math.min(callerCap, Math.max(1, Math.floor(limits.total / (callers + 1))));
  };

  return {
    enter({ userId, callerKey }) {
      const mine = perUser.get(userId) ?? 0;
      if (mine >= limits.perUser) {
        throw busy(
          `user ${userId} already has ${mine} syntheses in progress (SPEECH_QUEUE_PER_USER); send again when one has finished`,
          retryAfter(),
        );
      }
      if (inFlight >= limits.total) {
        throw busy(`the speech engine already has ${inFlight} syntheses in progress (SPEECH_QUEUE_TOTAL); try again shortly`, retryAfter());
      }
      const callers = perCaller.get(callerKey) ?? 0;
      const fair = share(callerKey);
      if (callers >= fair) {
        throw busy(
          `this caller (token) already has ${callers} syntheses in progress, its share of the speech queue while ` +
            `${perCaller.size} callers use it (SPEECH_QUEUE_PER_CALLER, SPEECH_QUEUE_TOTAL); send again when one has finished`,
          retryAfter(callers - fair + 1),
        );
      }
      perUser.set(userId, mine + 1);
      perCaller.set(callerKey, callers + 1);
      inFlight++;
      let left = false;
      return () => {
        if (left) return;
        left = true;
        const now = Date.now();
        if (lastLeave > 0) gapMs = gapMs === 0 ? now - lastLeave : gapMs + GAP_WEIGHT * (now - lastLeave - gapMs);
        decrement(perUser, userId);
        decrement(perCaller, callerKey);
        // Gaps are measured only while the engine stays busy: an idle hour says nothing of its pace.
        lastLeave = --inFlight > 0 ? now : 0;
        if (inFlight === 0) {
          for (const wake of waiters) wake();
          waiters = [];
        }
      };
    },
    get inFlight() {
      return inFlight;
    },
    drained: () => (inFlight === 0 ? Promise.resolve() : new Promise((done) => waiters.push(done))),
  };
}

function decrement(counts: Map<string, number>, key: string): void {
  const n = (counts.get(key) ?? 1) - 1;
  if (n > 0) counts.set(key, n);
  else counts.delete(key);
}
