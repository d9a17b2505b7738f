// A second thread for MP3 encoding, started by a synthesis worker: it encodes the parts of a long
// audio that it claims first while the synthesis worker is still running the engine.
import { parentPort } from 'node:worker_threads';
import { createMp3Stream, encodeMp3 } from './audio-encode.mjs';
import { CLAIMED_BY_HELPER, FLUSH_SAMPLES } from './mp3-pipeline.mjs';
import { clock } from './job-timeline.mjs';
import { lowerThisThread } from './thread-priority.mjs';

/**
 * @typedef {import('./mp3-pipeline.mjs').HelperMessage} HelperMessage
 * @typedef {Extract<HelperMessage, { samples: Int16Array }>} PartMessage
 * @typedef {{ job: number; index: number; keys: number[]; stream: import('./audio-encode.mjs').Mp3Stream; held: Int16Array; start: number }} OpenStream
 */

// Started as a worker by mp3-pipeline.mjs, so there is a parent port.
const port = /** @type {import('node:worker_threads').MessagePort} */ (parentPort);

lowerThisThread();

// Compile LAME now, not when the first part arrives.
const ready = encodeMp3(new Int16Array(0));
/** @type {HelperMessage[]} */
const queue = [];
let draining = false;
/** @type {OpenStream | null} The stream being written (parts job:index in a row). */
let open = null;

/** Flush the open stream; its frames go back with the keys of the parts it holds. */
function close() {
  const stream = /** @type {OpenStream} */ (open); // called only while one is open
  const bytes = stream.stream.end();
  port.postMessage(
    /** @satisfies {import('./mp3-pipeline.mjs').HelperAnswer} */ ({ keys: stream.keys, bytes, start: stream.start, end: clock() }),
    [/** @type {ArrayBuffer} */ (bytes.buffer)],
  );
  open = null;
}

// A part is claimed only when its turn comes, so parts waiting here can still be taken by the
// synthesis worker once the engine has finished. The next part of the same job goes on in the open
// stream (after the quiet samples held back from the previous one); anything else closes it.
async function drain() {
  draining = true;
  await ready;
  while (queue.length > 0) {
    const message = /** @type {HelperMessage} */ (queue.shift()); // the queue is not empty
    const next = open && !message.end && message.job === open.job && message.index === open.index + 1;
    const mine = !message.end && Atomics.compareExchange(message.claim, 0, 0, CLAIMED_BY_HELPER) === 0;
    if (open && !(next && mine)) close();
    if (!mine) continue;
    if (open) open.stream.write(open.held);
    // index and held are set just below, before anything reads them.
    else
      open = /** @type {OpenStream} */ ({
        job: message.job,
        keys: /** @type {number[]} */ ([]),
        stream: await createMp3Stream(),
        start: clock(),
      });
    const { samples } = message;
    open.index = message.index;
    open.keys.push(message.key);
    open.stream.write(samples.subarray(0, samples.length - FLUSH_SAMPLES));
    open.held = samples.subarray(samples.length - FLUSH_SAMPLES);
  }
  draining = false;
}

port.on(
  'message',
  /** @param {HelperMessage} message */ (message) => {
    queue.push(message);
    if (!draining) void drain();
  },
);
