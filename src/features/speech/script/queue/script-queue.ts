import { applyOutcome, progressOf, setStatus, settle, startLine, type QueueState, type SynthesisOutcome } from './script-queue-state';

/** Time, injected so tests drive it. */
export type QueueClock = {
  now(): number;
  setTimeout(run: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
};

export type ScriptQueueOptions = {
  state: QueueState;
  /** Sends one line; a throw counts as a failure without a code. */
  synthesize(line: number, signal: AbortSignal): Promise<SynthesisOutcome>;
  clock: QueueClock;
  /**
   * Requests in flight at once: the gateway's per-user bound (the embedded gateway's
   * SPEECH_QUEUE_PER_USER, 2 by default; the spec names none), so a full queue never earns a 429.
   */
  concurrency?: number;
  random?: () => number;
  /** Every new state, to show and to keep (serializeQueue) for a reload. */
  onChange?: (state: QueueState) => void;
};

const DEFAULT_CONCURRENCY = 2;

/** The script queue: a driver around the pure transitions of script-queue-state.ts. */
export function createScriptQueue(options: ScriptQueueOptions) {
  const { synthesize, clock } = options;
  const concurrency = Math.max(1, options.concurrency ?? DEFAULT_CONCURRENCY);
  const random = options.random ?? Math.random;
  let state = options.state;
  let timer: unknown = null;
  const inFlight = new Map<number, AbortController>();

  const set = (next: QueueState) => {
    if (next === state) return;
    state = next;
    options.onChange?.(state);
  };

  const wakeIn = (ms: number) => {
    if (timer !== null) clock.clearTimeout(timer);
    timer = clock.setTimeout(() => {
      timer = null;
      pump();
    }, ms);
  };

  function pump(): void {
    set(settle(state));
    if (state.status !== 'running') return;
    const now = clock.now();
    if (state.holdUntil !== undefined && now < state.holdUntil) return wakeIn(state.holdUntil - now);
    while (inFlight.size < concurrency) {
      const next = state.lines.find((l) => l.status === 'pending' && (l.notBefore ?? 0) <= now);
      if (!next) break;
      send(next.line);
    }
    const later = state.lines.filter((l) => l.status === 'pending' && (l.notBefore ?? 0) > now).map((l) => l.notBefore!);
    if (inFlight.size < concurrency && later.length > 0) wakeIn(Math.min(...later) - now);
  }

  function send(line: number): void {
    const controller = new AbortController();
    inFlight.set(line, controller);
    set(startLine(state, line));
    const finish = (outcome: SynthesisOutcome) => {
      inFlight.delete(line);
      set(applyOutcome(state, line, outcome, clock.now(), random()));
      pump();
    };
    synthesize(line, controller.signal).then(finish, () => finish({ kind: 'failed' }));
  }

  const act = (action: 'start' | 'pause' | 'resume' | 'cancel') => {
    set(setStatus(state, action));
    if (action === 'cancel') {
      for (const c of inFlight.values()) c.abort();
      if (timer !== null) clock.clearTimeout(timer);
      timer = null;
    }
    pump();
  };

  return {
    start: () => act('start'),
    pause: () => act('pause'),
    resume: () => act('resume'),
    cancel: () => act('cancel'),
    get state() {
      return state;
    },
    get progress() {
      return progressOf(state);
    },
  };
}
