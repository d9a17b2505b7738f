import { afterAll, describe, expect, it } from 'vitest';
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

  it('refuses work once closed', async () => {
    const closed = createWorkerPool(1);
    await closed.close();
    await expect(closed.run(job)).rejects.toThrow(/closed/);
  });
});
