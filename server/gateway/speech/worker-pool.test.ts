import { afterAll, describe, expect, it } from 'vitest';
import { SynthesisCancelledError } from './speech-errors';
import { createWorkerPool, type SynthJob } from './worker-pool';

const pool = createWorkerPool(1, 20_000);
afterAll(() => pool.close());
const job: SynthJob = { sentences: ['Hi.'], voice: 'en-us', wpm: 175, pitch: 50, range: 'medium', volumeDb: 0, format: 'pcm', gapMs: 300 };

describe('worker pool', () => {
  it('fails the job, and keeps working, when a job throws inside the worker', async () => {
    await expect(pool.run({ ...job, sentences: null } as unknown as SynthJob)).rejects.toThrow();
    expect((await pool.run(job)).bytes.length).toBeGreaterThan(1000);
  });

  it('queues more jobs than workers and answers them all', async () => {
    const results = await Promise.all([1, 2, 3].map((n) => pool.run({ ...job, sentences: [`Number ${n}.`] })));
    expect(results.every((r) => r.spans.length === 1 && r.durationMs > 200)).toBe(true);
  });

  it('cancels a job whose signal aborts, queued or running, and keeps serving others', async () => {
    const long = { ...job, sentences: Array.from({ length: 200 }, (_, i) => `Sentence number ${i} is rather long to say.`) };
    const running = new AbortController();
    const queued = new AbortController();
    const a = pool.run(long, running.signal);
    const b = pool.run(long, queued.signal);
    queued.abort();
    running.abort();
    await expect(a).rejects.toBeInstanceOf(SynthesisCancelledError);
    await expect(b).rejects.toBeInstanceOf(SynthesisCancelledError);
    expect((await pool.run(job)).spans).toHaveLength(1);
    await expect(pool.run(job, AbortSignal.abort())).rejects.toBeInstanceOf(SynthesisCancelledError);
  });

  it('refuses work once closed', async () => {
    const closed = createWorkerPool(1);
    await closed.close();
    await expect(closed.run(job)).rejects.toThrow(/closed/);
  });
});
