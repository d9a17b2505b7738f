// Each engine's synthesis call and what a worker does once before its first job. Plain JS: read by
// the synthesis worker. An engine added to SPEECH_ENGINES fails the typecheck here.
import { compiledModule, runEspeak } from './espeak-runner.mjs';
import { runStandIn } from './stand-in-engine.mjs';

/**
 * @typedef {import('./speech-engine.ts').SpeechEngine} SpeechEngine
 * @typedef {{ speak(call: import('./espeak-runner.mjs').EngineCall): Promise<Uint8Array>; warmUp(): Promise<unknown> }} Engine
 */

/** @type {Record<SpeechEngine, Engine>} */
export const ENGINES = {
  // The 18.5 MB module compiled before the worker says it is ready.
  'espeak-ng': { speak: runEspeak, warmUp: compiledModule },
  'stand-in': { speak: runStandIn, warmUp: async () => undefined },
};
