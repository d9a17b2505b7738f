import { Worker } from 'node:worker_threads';

export type SynthJob = {
  sentences: string[];
  voice: string;
  wpm: number;
  pitch: number;
  range: string;
  volumeDb: number;
  format: 'pcm' | 'wav' | 'mp3';
  gapMs: number;
};
export type SynthResult = {
  bytes: Uint8Array;
  spans: { startMs: number; endMs: number }[];
  durationMs: number;
  engineCalls: number;
};
type Reply = { id: number; ok: true; result: SynthResult } | { id: number; ok: false; error: string };
type Pending = { id: number; job: SynthJob; resolve: (r: SynthResult) => void; reject: (e: Error) => void };
type Slot = { worker: Worker; busy: Pending | null; timer?: NodeJS.Timeout };

export type WorkerPool = { run(job: SynthJob): Promise<SynthResult>; close(): Promise<void> };

const WORKER_URL = new URL('./synth-worker.mjs', import.meta.url);

/**
 * A small pool of synthesis workers, started on first use. One job per worker at a time;
 * a worker that crashes or overruns `jobTimeoutMs` is replaced and its job fails.
 */
export function createWorkerPool(size = 2, jobTimeoutMs = 120_000): WorkerPool {
  const slots: Slot[] = [];
  const queue: Pending[] = [];
  let nextId = 1;
  let closed = false;

  const startSlot = (): Slot => {
    const slot: Slot = { worker: new Worker(WORKER_URL), busy: null };
    slot.worker.on('message', (reply: Reply) => finish(slot, reply.ok ? null : new Error(reply.error), reply));
    slot.worker.on('error', (err) => {
      retire(slot);
      finish(slot, err, null);
    });
    slot.worker.on('exit', () => {
      retire(slot);
      finish(slot, new Error('the synthesis worker stopped'), null);
    });
    slots.push(slot);
    return slot;
  };

  // A failed worker leaves the pool before its job settles, so pump() never hands it more work.
  const retire = (slot: Slot) => {
    const at = slots.indexOf(slot);
    if (at >= 0) slots.splice(at, 1);
  };

  const finish = (slot: Slot, error: Error | null, reply: Reply | null) => {
    const job = slot.busy;
    if (!job) return;
    clearTimeout(slot.timer);
    slot.busy = null;
    if (reply?.ok) job.resolve(reply.result);
    else job.reject(error ?? new Error('synthesis failed'));
    pump();
  };

  const pump = () => {
    while (queue.length > 0 && !closed) {
      const slot = slots.find((s) => !s.busy) ?? (slots.length < size ? startSlot() : null);
      if (!slot) return;
      const job = queue.shift()!;
      slot.busy = job;
      slot.timer = setTimeout(() => {
        retire(slot);
        void slot.worker.terminate();
        finish(slot, new Error('synthesis timed out'), null);
      }, jobTimeoutMs);
      slot.worker.postMessage({ id: job.id, job: job.job });
    }
  };

  return {
    run(job) {
      if (closed) return Promise.reject(new Error('the speech service is closed'));
      return new Promise((resolve, reject) => {
        queue.push({ id: nextId++, job, resolve, reject });
        pump();
      });
    },
    async close() {
      closed = true;
      for (const p of queue.splice(0)) p.reject(new Error('the speech service is closed'));
      await Promise.all(slots.map((s) => s.worker.terminate()));
    },
  };
}
