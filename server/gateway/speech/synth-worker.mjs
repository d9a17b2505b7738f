// Worker thread (run by tinypool): one synthesis job per call, off the gateway's event loop.
import Tinypool from 'tinypool';
import { runSynthJob } from './synth-job.mjs';
import { lowerThisThread } from './thread-priority.mjs';

// espeak's start-up builds many Error objects; without stack traces it starts about twice as fast.
Error.stackTraceLimit = 0;
lowerThisThread();

/** The result's audio buffer is moved to the main thread, not copied. */
export default async function synthesize(job) {
  const result = await runSynthJob(job);
  return Tinypool.move({ [Tinypool.transferableSymbol]: [result.bytes.buffer], [Tinypool.valueSymbol]: result });
}
