import Tinypool from 'tinypool';
import { SynthesisCancelledError } from './speech-errors';
import type { SynthJobInput, SynthJobResult } from './synth-job.mjs';

// One job shape: the worker's own declaration (synth-job.d.mts) is the source.
export type SynthJob = SynthJobInput;
export type SynthResult = SynthJobResult;

export type WorkerPool = {
  /** Aborting `signal` cancels the job: taken off the queue, or its worker stopped if it is running. */
  run(job: SynthJob, signal?: AbortSignal): Promise<SynthResult>;
  close(): Promise<void>;
};

const WORKER_URL = new URL('./synth-worker.mjs', import.meta.url);
/** A started worker has compiled the 18 MB engine; keep it a while rather than paying that again. */
const IDLE_MS = 5 * 60_000;

/**
 * Synthesis workers (tinypool), started on first use, one job per worker at a time. A job that
 * overruns `jobTimeoutMs` or whose signal aborts is cancelled the same way.
 */
export function createWorkerPool(size = 2, jobTimeoutMs = 120_000): WorkerPool {
  const pool = new Tinypool({ filename: WORKER_URL.href, minThreads: 0, maxThreads: size, idleTimeout: IDLE_MS });
  let closed = false;
  return {
    async run(job, signal) {
      if (closed) throw new Error('the speech service is closed');
      if (signal?.aborted) throw new SynthesisCancelledError();
      const timeout = AbortSignal.timeout(jobTimeoutMs);
      try {
        return (await pool.run(job, { signal: signal ? AbortSignal.any([signal, timeout]) : timeout })) as SynthResult;
      } catch (err) {
        if (signal?.aborted) throw new SynthesisCancelledError();
        if (timeout.aborted) throw new Error('synthesis timed out', { cause: err });
        if (closed) throw new Error('the speech service is closed', { cause: err });
        throw err;
      }
    },
    async close() {
      closed = true;
      await pool.destroy();
    },
  };
}
