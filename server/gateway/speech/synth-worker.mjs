// Worker thread of the synthesis pool (worker-pool.ts): one job at a time, off the gateway's event loop.
// Protocol: it says { ready: true } once the engine is compiled; then for each { id, job } it answers
// { id, result } (the audio buffer moved, not copied) or { id, error }.
import { parentPort } from 'node:worker_threads';
import { compiledModule } from './espeak-runner.mjs';
import { runSynthJob } from './synth-job.mjs';
import { lowerThisThread } from './thread-priority.mjs';

// espeak's start-up builds many Error objects; without stack traces it starts about twice as fast.
Error.stackTraceLimit = 0;
lowerThisThread();

parentPort.on('message', async ({ id, job }) => {
  try {
    const result = await runSynthJob(job);
    parentPort.postMessage({ id, result }, [result.bytes.buffer]);
  } catch (err) {
    parentPort.postMessage({ id, error: err instanceof Error ? err.message : String(err) });
  }
});
await compiledModule();
parentPort.postMessage({ ready: true });
