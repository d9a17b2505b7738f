import { busy } from '../busy';

export type SpeechQueueLimits = {
  /** Syntheses one user may have waiting or running at once. */
  perUser: number;
  /** Syntheses waiting or running at once, all users together. */
  total: number;
};
export const DEFAULT_SPEECH_QUEUE_LIMITS: SpeechQueueLimits = { perUser: 2, total: 8 };

export type SpeechAdmission = {
  /** A place in the queue, or a 429 "busy" refusal; call the returned function when done. */
  enter(userId: string): () => void;
  readonly inFlight: number;
  /** Resolves when every admitted synthesis has left (refunds included). */
  drained(): Promise<void>;
};

/** Admission control for synthesis: one user cannot keep the engine busy for everyone else. */
export function createSpeechAdmission(limits: SpeechQueueLimits = DEFAULT_SPEECH_QUEUE_LIMITS): SpeechAdmission {
  const perUser = new Map<string, number>();
  let inFlight = 0;
  let waiters: (() => void)[] = [];
  return {
    enter(userId) {
      const mine = perUser.get(userId) ?? 0;
      if (mine >= limits.perUser) {
        throw busy(`user ${userId} already has ${mine} syntheses in progress (SPEECH_QUEUE_PER_USER); send again when one has finished`);
      }
      if (inFlight >= limits.total) {
        throw busy(`the speech engine already has ${inFlight} syntheses in progress (SPEECH_QUEUE_TOTAL); try again shortly`);
      }
      perUser.set(userId, mine + 1);
      inFlight++;
      let left = false;
      return () => {
        if (left) return;
        left = true;
        const n = (perUser.get(userId) ?? 1) - 1;
        if (n > 0) perUser.set(userId, n);
        else perUser.delete(userId);
        if (--inFlight === 0) {
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
