// Worker thread: runs synthesis jobs one at a time, off the gateway's event loop.
import { parentPort } from 'node:worker_threads';
import { runSynthJob } from './synth-job.mjs';

// espeak's start-up builds many Error objects; without stack traces it starts about twice as fast.
Error.stackTraceLimit = 0;

parentPort.on('message', async ({ id, job }) => {
  try {
    const result = await runSynthJob(job);
    parentPort.postMessage({ id, ok: true, result }, [result.bytes.buffer]);
  } catch (error) {
    parentPort.postMessage({ id, ok: false, error: error instanceof Error ? error.message : String(error) });
  }
});
