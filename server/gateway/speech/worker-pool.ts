import { Worker } from 'node:worker_threads';
import { FairQueue } from './fair-queue';
import type { SpeechEngine } from './speech-engine';
import { SynthesisCancelledError } from './speech-errors';
import type { SynthJobInput, SynthJobResult } from './synth-job.mjs';
import type { SynthWorkerData, WorkerAnswer } from './synth-worker.mjs';

// One job shape: the worker's own JSDoc types (synth-job.mjs, type-checked) are the source.
export type SynthJob = SynthJobInput;
type SynthResult = SynthJobResult;

type RunOptions = {
  /** Aborting it cancels the job: taken off the queue, or its worker stopped if it is running. */
  signal?: AbortSignal;
  /** Whom the queue is fair between (see FairQueue); all jobs share one turn when absent. */
  key?: string;
};

type PoolOptions = {
  /** A job still queued or running after this is dropped with an error. */
  jobTimeoutMs?: number;
  /** The worker script (tests pass a broken one). */
  workerUrl?: URL;
  /** What the workers speak with; the real engine unless SPEECH_ENGINE says otherwise. */
  engine?: SpeechEngine;
  /** With the stand-in: its wait per sentence before it speaks, so a job is in flight a while (tests). */
  standInSentenceMs?: number;
};

export type WorkerPool = {
  run(job: SynthJob, options?: RunOptions): Promise<SynthResult>;
  /** Jobs running and waiting now. */
  load(): { running: number; queued: number };
  close(): Promise<void>;
};

const WORKER_URL = new URL('./synth-worker.mjs', import.meta.url);
/** A started worker has compiled the 18 MB engine; keep it a while rather than paying that again. */
const IDLE_MS = 5 * 60_000;
const SHARED_KEY = '';

type Task = {
  id: number;
  job: SynthJob;
  key: string;
  resolve(result: SynthResult): void;
  reject(error: Error): void;
  /** Clears the timer and the abort listener: called once, when the task leaves the pool. */
  release(): void;
  slot: Slot | null;
};

type Slot = {
  worker: Worker;
  /** The engine is compiled: the worker can take a job. Jobs go only to ready workers. */
  ready: boolean;
  task: Task | null;
  idleTimer: NodeJS.Timeout | null;
};

/**
 * Synthesis workers over node:worker_threads, started on demand, one job per worker at a time, the
 * waiting jobs served round-robin among keys. Replaces tinypool 2.2, whose abort path (issue 31)
 * terminated the worker of a cancelled job without starting another for the jobs still queued
 * (with minThreads 0 they waited until the job timeout), and could hand a queued job to the worker
 * it was terminating when that worker's last answer arrived late (the job then failed at once).
 *
 * Here a worker leaves the pool the moment it is stopped (cancel, timeout, crash), so no job is
 * ever given to it; a replacement starts at once, and a job waits only for a ready worker. A job
 * whose signal aborts or whose time (jobTimeoutMs) runs out, queued or running, leaves
 * with its own timer (not AbortSignal.any, which loses its timeout after GC on Node 20).
 */
export function createWorkerPool(
  size = 2,
  { jobTimeoutMs = 120_000, workerUrl = WORKER_URL, engine = 'espeak-ng', standInSentenceMs = 0 }: PoolOptions = {},
): WorkerPool {
  const slots = new Set<Slot>();
  const queue = new FairQueue<Task>();
  let nextId = 1;
  let closed = false;

  function start(): void {
    const worker = new Worker(workerUrl, { workerData: { engine, standInSentenceMs } satisfies SynthWorkerData });
    const slot: Slot = { worker, ready: false, task: null, idleTimer: null };
    slots.add(slot);
    worker.on('message', (message: WorkerAnswer) => {
      if (!slots.has(slot)) return; // stopped: whatever it still says is not waited for
      if ('ready' in message) {
        slot.ready = true;
        idle(slot);
        return;
      }
      const task = slot.task;
      if (!task || task.id !== message.id) return;
      slot.task = null;
      settle(task, () => ('error' in message ? task.reject(new Error(message.error)) : task.resolve(message.result)));
      idle(slot);
    });
    const lost = (why: string) => {
      if (!slots.delete(slot)) return;
      if (slot.idleTimer) clearTimeout(slot.idleTimer);
      const task = slot.task;
      if (task) settle(task, () => task.reject(new Error(`the synthesis worker stopped: ${why}`)));
      else if (!slot.ready && ![...slots].some((s) => s.ready)) {
        // Nothing else can serve: say so now rather than after each job's timeout.
        console.error('speech: a synthesis worker could not start:', why);
        for (const waiting of queue.drain())
          settle(waiting, () => waiting.reject(new Error(`the synthesis worker could not start: ${why}`)));
      }
      dispatch();
    };
    worker.on('error', (err) => lost(err.message));
    worker.on('exit', (code) => lost(`it exited (code ${code})`));
  }

  /** A ready worker without a job: the next job, or the idle timer. */
  function idle(slot: Slot): void {
    const task = queue.shift();
    if (task) {
      if (slot.idleTimer) clearTimeout(slot.idleTimer);
      slot.idleTimer = null;
      slot.task = task;
      task.slot = slot;
      slot.worker.ref();
      slot.worker.postMessage({ id: task.id, job: task.job });
      return;
    }
    slot.worker.unref();
    slot.idleTimer ??= setTimeout(() => stop(slot), IDLE_MS).unref();
  }

  /** Enough workers for the waiting jobs, up to `size`. */
  function dispatch(): void {
    if (closed) return;
    for (const slot of slots) if (slot.ready && !slot.task && queue.size > 0) idle(slot);
    const starting = [...slots].filter((s) => !s.ready).length;
    for (let need = queue.size - starting; need > 0 && slots.size < size; need--) start();
  }

  /** Out of the pool at once (no job goes to it again), terminated in the background. */
  function stop(slot: Slot): Promise<unknown> {
    slots.delete(slot);
    if (slot.idleTimer) clearTimeout(slot.idleTimer);
    return slot.worker.terminate().catch(() => undefined);
  }

  function settle(task: Task, answer: () => void): void {
    task.release();
    task.slot = null;
    answer();
  }

  /** Cancel or time out: off the queue, or its worker stopped and replaced. */
  function drop(task: Task, error: Error): void {
    const slot = task.slot;
    if (slot) {
      slot.task = null;
      void stop(slot);
      // The replacement is warm by the time the next job comes (workers idle out after IDLE_MS).
      if (!closed && slots.size < size) start();
    } else if (!queue.remove(task.key, task)) return;
    settle(task, () => task.reject(error));
    dispatch();
  }

  return {
    run(job, { signal, key = SHARED_KEY } = {}) {
      if (closed) return Promise.reject(new Error('the speech service is closed'));
      if (signal?.aborted) return Promise.reject(new SynthesisCancelledError());
      return new Promise<SynthResult>((resolve, reject) => {
        const task: Task = { id: nextId++, job, key, resolve, reject, release: () => undefined, slot: null };
        const onAbort = () => drop(task, new SynthesisCancelledError());
        const timer = setTimeout(() => drop(task, new Error(`synthesis timed out after ${jobTimeoutMs / 1000} s`)), jobTimeoutMs);
        signal?.addEventListener('abort', onAbort, { once: true });
        task.release = () => {
          clearTimeout(timer);
          signal?.removeEventListener('abort', onAbort);
        };
        queue.push(key, task);
        dispatch();
      });
    },
    load() {
      return { running: [...slots].filter((s) => s.task).length, queued: queue.size };
    },
    async close() {
      closed = true;
      const failed = new Error('the speech service is closed');
      for (const task of queue.drain()) settle(task, () => task.reject(failed));
      const running = [...slots].flatMap((s) => (s.task ? [s.task] : []));
      const stopped = [...slots].map(stop);
      for (const task of running) settle(task, () => task.reject(failed));
      await Promise.all(stopped);
    },
  };
}
