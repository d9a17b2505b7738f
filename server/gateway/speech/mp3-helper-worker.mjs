// A second thread for MP3 encoding, started by a synthesis worker: it encodes the parts of a long
// audio that it claims first while the synthesis worker is still running the engine.
import { parentPort } from 'node:worker_threads';
import { encodeMp3 } from './audio-encode.mjs';
import { CLAIMED_BY_HELPER } from './mp3-pipeline.mjs';

// Compile LAME now, not when the first part arrives.
void encodeMp3(new Int16Array(0));

parentPort.on('message', async ({ key, claim, samples }) => {
  if (Atomics.compareExchange(claim, 0, 0, CLAIMED_BY_HELPER) !== 0) return;
  const bytes = await encodeMp3(samples);
  parentPort.postMessage({ key, bytes }, [bytes.buffer]);
});
