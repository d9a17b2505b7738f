import { afterAll, describe, expect, it } from 'vitest';
import { SynthesisCancelledError } from './speech-errors';
import { createWorkerPool, type SynthJob } from './worker-pool';

// The pool is the subject, not the voice: its workers speak with the stand-in, paced so that a
// job of many sentences is surely still running when it is cancelled or times out (10 ms a
// sentence: `long` 2 s, `longer` 15 s; the one-sentence `job` 10 ms).
const STAND_IN = { engine: 'stand-in', standInSentenceMs: 10 } as const;
const pool = createWorkerPool(1, { jobTimeoutMs: 20_000, ...STAND_IN });
afterAll(() => pool.close());
const job: SynthJob = { sentences: ['Hi.'], voice: 'en-us', wpm: 175, pitch: 50, range: 'medium', volumeDb: 0, format: 'pcm', gapMs: 300 };

const long = { ...job, sentences: Array.from({ length: 200 }, (_, i) => `Sentence number ${i} is rather long to say.`) };

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
    const running = new AbortController();
    const queued = new AbortController();
    const a = pool.run(long, { signal: running.signal });
    const b = pool.run(long, { signal: queued.signal });
    queued.abort();
    running.abort();
    await expect(a).rejects.toBeInstanceOf(SynthesisCancelledError);
    await expect(b).rejects.toBeInstanceOf(SynthesisCancelledError);
    expect((await pool.run(job)).spans).toHaveLength(1);
    await expect(pool.run(job, { signal: AbortSignal.abort() })).rejects.toBeInstanceOf(SynthesisCancelledError);
  });

  it('serves a job queued behind a running job whose client left (issue 31), on a fresh worker', async () => {
    await pool.run(job); // a ready worker: the long job below is running, not waiting for one
    const left = new AbortController();
    const running = pool.run(long, { signal: left.signal });
    const next = pool.run(job);
    expect(pool.load()).toEqual({ running: 1, queued: 1 });
    left.abort();
    await expect(running).rejects.toBeInstanceOf(SynthesisCancelledError);
    expect((await next).spans).toHaveLength(1);
    expect(pool.load()).toEqual({ running: 0, queued: 0 });
  });

  it('times a job out, queued or running, with its own timer, and serves the next', async () => {
    // The timeout counts from run(): long enough for a worker to start, far shorter than `longer`.
    const quick = createWorkerPool(1, { jobTimeoutMs: 3000, ...STAND_IN });
    const longer = { ...job, sentences: Array.from({ length: 1500 }, (_, i) => `Sentence number ${i} is rather long to say.`) };
    try {
      const running = quick.run(longer);
      const queued = quick.run(longer);
      await expect(running).rejects.toThrow(/timed out/);
      await expect(queued).rejects.toThrow(/timed out/);
      expect((await quick.run(job)).spans).toHaveLength(1);
    } finally {
      await quick.close();
    }
  });

  it("paces the stand-in when asked (a test aid): a one-sentence job waits its pace, here past the job's timeout", async () => {
    const paced = createWorkerPool(1, { jobTimeoutMs: 1000, engine: 'stand-in', standInSentenceMs: 60_000 });
    try {
      await expect(paced.run(job)).rejects.toThrow(/timed out/);
      expect((await pool.run(job)).spans).toHaveLength(1); // the same job, unpaced
    } finally {
      await paced.close();
    }
  });

  it('serves waiting jobs round-robin among keys', async () => {
    await pool.run(job);
    const done: string[] = [];
    const send = (key: string, name: string) => pool.run({ ...job, sentences: [`${name}.`] }, { key }).then(() => done.push(name));
    await Promise.all([send('flood', 'f1'), send('flood', 'f2'), send('flood', 'f3'), send('other', 'o1')]);
    expect(done).toEqual(['f1', 'o1', 'f2', 'f3']);
  });

  it('fails waiting jobs at once, with the reason, when no worker can start', async () => {
    const broken = createWorkerPool(1, {
      jobTimeoutMs: 60_000,
      ...STAND_IN,
      workerUrl: new URL('../../testing/broken-worker.mjs', import.meta.url),
    });
    try {
      await expect(broken.run(job)).rejects.toThrow(/could not start: .*no engine here/);
      expect(broken.load()).toEqual({ running: 0, queued: 0 });
    } finally {
      await broken.close();
    }
  });

  it('refuses work once closed', async () => {
    const closed = createWorkerPool(1, STAND_IN);
    await closed.close();
    await expect(closed.run(job)).rejects.toThrow(/closed/);
  });
});
