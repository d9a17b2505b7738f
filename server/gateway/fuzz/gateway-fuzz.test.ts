import { rm } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestGateway, type TestGateway } from '../../testing/test-gateway';
import { fuzzCreateTasks, fuzzSetPoints } from '../../testing/fuzz/emulator-fuzz';
import { fuzzStats } from '../../testing/fuzz/fuzz-client';
import { fuzzRoutes } from '../../testing/fuzz/route-fuzz';
import { fuzzTaskStatus } from '../../testing/fuzz/task-status-fuzz';
import { fuzzTextToSpeech, instantSpeech } from '../../testing/fuzz/text-to-speech-fuzz';

/**
 * Runs per property; together at least 5,000 requests (the summary line counts them). At 5,600 all 44 kinds of case (about
 * 70 classes) are drawn, the rarest (oversized streams) a few times and the valid paths hundreds; each run has a new
 * seed, so CI's runs add up. The 13,800 of before drew the same classes for about 2.5 times the CPU. The heap figure is after a full GC when run with
 * NODE_OPTIONS=--expose-gc.
 */
const RUNS = { taskStatus: 1_600, textToSpeech: 2_000, createTasks: 800, setPoints: 800, routes: 400 } as const;
const HEAP_GROWTH_LIMIT = 200 * 1024 * 1024;
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

const gc = (globalThis as { gc?: () => void }).gc;
const heapNow = () => {
  gc?.();
  return process.memoryUsage().heapUsed;
};

let gw: TestGateway;
let heapBefore = 0;
let peakRss = 0;
const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 250);

beforeAll(async () => {
  gw = await makeTestGateway({ speech: instantSpeech() });
  heapBefore = heapNow();
});

afterAll(async () => {
  clearInterval(sampler);
  await gw.deps.close();
  await rm(gw.dataDir, { recursive: true, force: true });
});

describe('fuzzing the gateway (fast-check, app.request, no port)', () => {
  it('Operation A answers every generated request with the right envelope', () => fuzzTaskStatus(gw, RUNS.taskStatus), 60_000);
  it(
    'Operation B answers every generated request with the right envelope and never charges a failure',
    () => fuzzTextToSpeech(gw, RUNS.textToSpeech),
    60_000,
  );
  it('POST /_emulator/tasks answers every generated request with the right envelope', () => fuzzCreateTasks(gw, RUNS.createTasks), 60_000);
  it(
    'PUT /_emulator/users/:id answers every generated request, and what it sets is what is read',
    () => fuzzSetPoints(gw, RUNS.setPoints),
    60_000,
  );
  it('unknown paths and methods get a 404 envelope, unsigned file links a 403 one', () => fuzzRoutes(gw, RUNS.routes), 60_000);

  it('left no prototype polluted, and the heap bounded', () => {
    expect(({} as Record<string, unknown>).count).toBeUndefined();
    expect(({} as Record<string, unknown>).taskId).toBeUndefined();
    const growth = heapNow() - heapBefore;
    const classes = [...fuzzStats.classes.keys()].map((k) => k.replace(/^[a-z-]+\//, ''));
    console.log(
      `fuzz: ${fuzzStats.requests} requests, ${fuzzStats.classes.size} case classes (${new Set(classes).size} distinct kinds); ` +
        `heap ${mb(heapBefore)} → ${mb(heapBefore + growth)} (growth ${mb(growth)}${gc ? ', after gc' : ', no gc exposed'}), peak RSS ${mb(peakRss)}`,
    );
    expect(fuzzStats.requests).toBeGreaterThanOrEqual(5_000);
    expect(growth).toBeLessThan(HEAP_GROWTH_LIMIT);
  });
});
