// MP3 made in parts on two threads and joined frame by frame. Plain JS: runs in the synthesis worker.
//
// LAME starts every stream with its encoder delay and, when flushed, ends it on a whole frame:
// N samples make ceil((N + 1152) / 576) frames. A part is cut in a quiet run at a multiple of
// 576 samples and its last 1152 (quiet) samples are left out, so it makes exactly (its length / 576)
// frames and every later sample decodes at the same place as from one stream. Each part starts a
// fresh bit reservoir, so the frames can be joined as they are.
import { Worker } from 'node:worker_threads';
import { encodeMp3 } from './audio-encode.mjs';
import { clock, mark } from './job-timeline.mjs';

export const FRAME_SAMPLES = 576;
export const FLUSH_SAMPLES = 1152;
/** Quiet kept either side of a cut, so the frames that overlap it carry no sound. */
const MARGIN = 576;
const QUIET = 8;
/** A cut needs the left-out samples and a margin either side quiet, plus room to reach a frame multiple. */
const SHORTEST_CUT_RUN = FLUSH_SAMPLES + 2 * MARGIN;
/** Parts of about 8 s: LAME's set-up (≈3 ms) stays small against the part (≈40 ms to encode). */
export const MIN_PART_SAMPLES = 8 * 22050;
export const CLAIMED_BY_HELPER = 1;
const CLAIMED_HERE = 2;

let helper = null;
let keys = 0;

/** The helper thread, started on first use and kept; if it dies its parts are encoded here. */
function getHelper() {
  if (helper && !helper.dead) return helper;
  const worker = new Worker(new URL('./mp3-helper-worker.mjs', import.meta.url));
  worker.unref();
  const h = { worker, waiting: new Map(), dead: false };
  worker.on('message', ({ key, bytes, start, end, sentAt }) => {
    mark('helper', `part ${key} wait`, sentAt, start);
    mark('helper', `part ${key}`, start, end);
    h.waiting.get(key)?.(bytes);
    h.waiting.delete(key);
  });
  const die = () => {
    h.dead = true;
    for (const resolve of h.waiting.values()) resolve(null);
    h.waiting.clear();
  };
  worker.on('error', die);
  worker.on('exit', die);
  helper = h;
  return h;
}

/**
 * Feed the growing audio to scan() (each part is handed to the helper as soon as it is cut),
 * then finish() with the whole audio: this thread encodes parts from the end while the helper
 * goes on from the start, until they meet.
 */
export function createMp3Pipeline({ minPartSamples = MIN_PART_SAMPLES, useHelper = true } = {}) {
  const parts = [];
  let lastCut = 0;
  let scanned = 0;
  let quietFrom = -1;

  const offer = (from, to, audio) => {
    const part = { from, to, claim: new Int32Array(new SharedArrayBuffer(4)), result: null };
    parts.push(part);
    if (!useHelper) return;
    const h = getHelper();
    if (h.dead) return;
    const key = ++keys;
    part.result = new Promise((resolve) => h.waiting.set(key, resolve));
    part.key = key;
    const samples = audio.slice(from, to - FLUSH_SAMPLES);
    h.worker.postMessage({ key, claim: part.claim, samples, sentAt: clock() }, [samples.buffer]);
  };

  const considerRun = (start, end, audio) => {
    const cut = Math.floor((end - MARGIN) / FRAME_SAMPLES) * FRAME_SAMPLES;
    if (cut - FLUSH_SAMPLES - MARGIN < start || cut - lastCut < minPartSamples) return;
    offer(lastCut, cut, audio);
    lastCut = cut;
  };

  return {
    /** `audio` is all the audio so far (it only grows). */
    scan(audio) {
      let from = quietFrom;
      for (let i = scanned; i < audio.length; i++) {
        const x = audio[i];
        if (x <= QUIET && x >= -QUIET) {
          if (from < 0) from = i;
        } else if (from >= 0) {
          if (i - from >= SHORTEST_CUT_RUN) considerRun(from, i, audio);
          from = -1;
        }
      }
      quietFrom = from;
      scanned = audio.length;
    },
    async finish(audio) {
      const all = [...parts, { from: lastCut, to: audio.length, claim: new Int32Array(1), result: null, last: true }];
      const bytes = new Array(all.length);
      for (let i = all.length - 1; i >= 0; i--) {
        const part = all[i];
        if (Atomics.compareExchange(part.claim, 0, 0, CLAIMED_HERE) !== 0) continue;
        if (part.key) helper?.waiting.delete(part.key);
        const t = clock();
        bytes[i] = await encodeMp3(audio.subarray(part.from, part.last ? part.to : part.to - FLUSH_SAMPLES));
        mark('synth', `part ${part.key ?? 'last'}`, t);
      }
      const waitStart = clock();
      for (let i = 0; i < all.length; i++) {
        if (bytes[i]) continue;
        const part = all[i];
        bytes[i] = (await part.result) ?? (await encodeMp3(audio.subarray(part.from, part.to - FLUSH_SAMPLES)));
      }
      mark('synth', 'wait for helper', waitStart);
      const joinStart = clock();
      const out = new Uint8Array(bytes.reduce((n, b) => n + b.length, 0));
      let at = 0;
      for (const b of bytes) {
        out.set(b, at);
        at += b.length;
      }
      mark('synth', 'join frames', joinStart);
      return out;
    },
    /** Parts not yet taken stay untaken (the audio is being made another way). */
    cancel() {
      for (const part of parts) {
        if (Atomics.compareExchange(part.claim, 0, 0, CLAIMED_HERE) === 0 && part.key) helper?.waiting.delete(part.key);
      }
    },
  };
}

/** One MP3 of finished audio, in parts on both threads when it is long enough to cut. */
export async function encodeMp3InParts(audio, options) {
  const pipeline = createMp3Pipeline(options);
  pipeline.scan(audio);
  return pipeline.finish(audio);
}
