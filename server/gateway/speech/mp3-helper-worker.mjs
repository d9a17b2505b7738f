// A second thread for MP3 encoding, started by a synthesis worker: it encodes the parts of a long
// audio that it claims first while the synthesis worker is still running the engine.
import { parentPort } from 'node:worker_threads';
import { encodeMp3 } from './audio-encode.mjs';
import { CLAIMED_BY_HELPER } from './mp3-pipeline.mjs';
import { clock } from './job-timeline.mjs';

// Compile LAME now, not when the first part arrives.
const ready = encodeMp3(new Int16Array(0));
const queue = [];
let draining = false;

// A part is claimed only when its turn comes, so parts waiting here can still be taken by the
// synthesis worker once the engine has finished.
async function drain() {
  draining = true;
  await ready;
  while (queue.length > 0) {
    const { key, claim, samples, sentAt } = queue.shift();
    if (Atomics.compareExchange(claim, 0, 0, CLAIMED_BY_HELPER) !== 0) continue;
    const start = clock();
    const bytes = await encodeMp3(samples);
    parentPort.postMessage({ key, bytes, start, end: clock(), sentAt }, [bytes.buffer]);
  }
  draining = false;
}

parentPort.on('message', (part) => {
  queue.push(part);
  if (!draining) void drain();
});
