import { getPriority } from 'node:os';
import { Worker } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { lowerThisThread, SYNTHESIS_NICE } from './thread-priority.mjs';

/** The nice value a fresh worker thread reports after lowering itself. */
function niceInWorker(): Promise<number> {
  const url = new URL('./thread-priority.mjs', import.meta.url).href;
  const code = `
    const { parentPort } = require('node:worker_threads');
    import(${JSON.stringify(url)}).then(({ lowerThisThread }) => {
      lowerThisThread();
      parentPort.postMessage(require('node:os').getPriority());
    });`;
  const worker = new Worker(code, { eval: true });
  return new Promise((resolve, reject) => {
    worker.once('message', (nice: number) => void worker.terminate().then(() => resolve(nice)));
    worker.once('error', reject);
  });
}

describe('synthesis thread priority', () => {
  it('lowers the worker thread that asks, not the event loop', async () => {
    const before = getPriority();
    const nice = await niceInWorker();
    expect(getPriority()).toBe(before);
    expect(nice).toBe(process.platform === 'linux' ? Math.max(before, SYNTHESIS_NICE) : before);
  });

  it('leaves the priority alone where it would lower the whole process', () => {
    const before = getPriority();
    expect(lowerThisThread('darwin')).toBe(false);
    expect(getPriority()).toBe(before);
  });
});
