// Worker thread of the synthesis pool (worker-pool.ts): one job at a time, off the gateway's event loop.
// Protocol: started with workerData { engine, standInSentenceMs }, it says { ready: true } once the engine is warm
// (espeak compiled); then for each { id, job } it answers { id, result } (the audio buffer moved,
// not copied) or { id, error }.
import { parentPort, workerData } from 'node:worker_threads';
import { ENGINES } from './engines.mjs';
import { runSynthJob } from './synth-job.mjs';
import { lowerThisThread } from './thread-priority.mjs';

/**
 * @typedef {import('./synth-job.mjs').SynthJobInput} SynthJobInput
 * @typedef {import('./synth-job.mjs').SynthJobResult} SynthJobResult
 * @typedef {{ id: number; job: SynthJobInput }} JobMessage What worker-pool.ts sends.
 * @typedef {{ engine: import('./speech-engine.ts').SpeechEngine; standInSentenceMs: number }} SynthWorkerData What worker-pool.ts starts it with.
 * @typedef {{ ready: true } | { id: number; result: SynthJobResult } | { id: number; error: string }} WorkerAnswer What this worker posts.
 */

// Started as a worker by worker-pool.ts, so there is a parent port.
const port = /** @type {import('node:worker_threads').MessagePort} */ (parentPort);
const { engine, standInSentenceMs } = /** @type {SynthWorkerData} */ (workerData);
// A name outside the list stops the worker at once (the pool says why), not at its first job.
if (!Object.hasOwn(ENGINES, engine)) throw new Error(`unknown speech engine: ${String(engine)}`);

// espeak's start-up builds many Error objects; without stack traces it starts about twice as fast.
Error.stackTraceLimit = 0;
lowerThisThread();

port.on(
  'message',
  /** @param {JobMessage} message */ async ({ id, job }) => {
    try {
      // The stand-in's pace (a test aid): a job in flight a while, as the real engine's would be.
      if (engine === 'stand-in' && standInSentenceMs > 0)
        await new Promise((done) => setTimeout(done, standInSentenceMs * job.sentences.length));
      const result = await runSynthJob(job, engine);
      port.postMessage(/** @satisfies {WorkerAnswer} */ ({ id, result }), [/** @type {ArrayBuffer} */ (result.bytes.buffer)]);
    } catch (err) {
      port.postMessage(/** @satisfies {WorkerAnswer} */ ({ id, error: err instanceof Error ? err.message : String(err) }));
    }
  },
);
await ENGINES[engine].warmUp();
port.postMessage(/** @satisfies {WorkerAnswer} */ ({ ready: true }));
