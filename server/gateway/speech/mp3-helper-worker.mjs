// A second thread for MP3 encoding, started by a synthesis worker: it encodes the parts of a long
// audio that it claims first while the synthesis worker is still running the engine.
import { parentPort } from 'node:worker_threads';
import { createMp3Stream, encodeMp3 } from './audio-encode.mjs';
import { CLAIMED_BY_HELPER, FLUSH_SAMPLES } from './mp3-pipeline.mjs';
import { clock } from './job-timeline.mjs';
import { lowerThisThread } from './thread-priority.mjs';

lowerThisThread();

// Compile LAME now, not when the first part arrives.
const ready = encodeMp3(new Int16Array(0));
const queue = [];
let draining = false;
/** The stream being written: { job, index, keys, stream, held, start } (parts job:index in a row). */
let open = null;

/** Flush the open stream; its frames go back with the keys of the parts it holds. */
function close() {
  const bytes = open.stream.end();
  parentPort.postMessage({ keys: open.keys, bytes, start: open.start, end: clock() }, [bytes.buffer]);
  open = null;
}

// A part is claimed only when its turn comes, so parts waiting here can still be taken by the
// synthesis worker once the engine has finished. The next part of the same job goes on in the open
// stream (after the quiet samples held back from the previous one); anything else closes it.
async function drain() {
  draining = true;
  await ready;
  while (queue.length > 0) {
    const message = queue.shift();
    const next = open && !message.end && message.job === open.job && message.index === open.index + 1;
    const mine = !message.end && Atomics.compareExchange(message.claim, 0, 0, CLAIMED_BY_HELPER) === 0;
    if (open && !(next && mine)) close();
    if (!mine) continue;
    if (open) open.stream.write(open.held);
    else open = { job: message.job, keys: [], stream: await createMp3Stream(), start: clock() };
    const { samples } = message;
    open.index = message.index;
    open.keys.push(message.key);
    open.stream.write(samples.subarray(0, samples.length - FLUSH_SAMPLES));
    open.held = samples.subarray(samples.length - FLUSH_SAMPLES);
  }
  draining = false;
}

parentPort.on('message', (message) => {
  queue.push(message);
  if (!draining) void drain();
});
