// MP3 made in parts on two threads and joined frame by frame. Plain JS: runs in the synthesis worker.
//
// LAME starts every stream with its encoder delay and, when flushed, ends it on a whole frame:
// N samples make ceil((N + 1152) / 576) frames. A part is cut in a quiet run at a multiple of
// 576 samples; a stream that ends with a part leaves out its last 1152 (quiet) samples, so a run of
// parts makes exactly (its length / 576) frames and every later sample decodes at the same place as
// from one stream. Each stream starts a fresh bit reservoir, so the frames can be joined as they are.
import { Worker } from 'node:worker_threads';
import { encodeMp3 } from './audio-encode.mjs';
import { clock, mark } from './job-timeline.mjs';

const FRAME_SAMPLES = 576;
export const FLUSH_SAMPLES = 1152;
/** Quiet kept either side of a cut, so the frames that overlap it carry no sound. */
const MARGIN = 576;
const QUIET = 8;
/** A cut needs the left-out samples and a margin either side quiet, plus room to reach a frame multiple. */
const SHORTEST_CUT_RUN = FLUSH_SAMPLES + 2 * MARGIN;
/**
 * Parts of about 2 s. The helper encodes the parts it takes in a row as one stream (no set-up per
 * part), so small parts cost it nothing: the first reaches it early, and near the end the two
 * threads share the last seconds finely.
 */
const MIN_PART_SAMPLES = 2 * 22050;
export const CLAIMED_BY_HELPER = 1;
const CLAIMED_HERE = 2;
const NOTHING = new Uint8Array(0);

/**
 * @typedef {{ scan(audio: Int16Array): void; finish(audio: Int16Array): Promise<Uint8Array>; cuts(): number[]; cancel(): void }} Mp3Pipeline
 * @typedef {{ minPartSamples?: number; useHelper?: boolean }} Mp3PipelineOptions
 * @typedef {(bytes: Uint8Array | null) => void} PartAnswer A part's frames from the helper, or null when it died.
 * @typedef {{ worker: Worker; waiting: Map<number, PartAnswer>; dead: boolean }} Helper
 * @typedef {{ from: number; to: number; claim: Int32Array; result: Promise<Uint8Array | null> | null; key: number }} Part
 * @typedef {{ keys: number[]; bytes: Uint8Array; start: number; end: number }} HelperAnswer What mp3-helper-worker.mjs posts.
 * @typedef {{ job: number; index: number; key: number; claim: Int32Array; samples: Int16Array; sentAt: number; end?: undefined } | { job: number; end: true }} HelperMessage What the helper is sent.
 */

/** @type {Helper | null} */
let helper = null;
let keys = 0;
let jobs = 0;

/**
 * The helper thread, started on first use and kept; if it dies its parts are encoded here.
 * @returns {Helper}
 */
function getHelper() {
  if (helper && !helper.dead) return helper;
  const worker = new Worker(new URL('./mp3-helper-worker.mjs', import.meta.url));
  worker.unref();
  /** @type {Helper} */
  const h = { worker, waiting: new Map(), dead: false };
  // One answer per stream the helper made: its frames belong to its first part, the others get none.
  worker.on(
    'message',
    /** @param {HelperAnswer} answer */ ({ keys: streamKeys, bytes, start, end }) => {
      mark('helper', `stream of ${streamKeys.length} parts`, start, end);
      streamKeys.forEach((key, i) => {
        h.waiting.get(key)?.(i === 0 ? bytes : NOTHING);
        h.waiting.delete(key);
      });
    },
  );
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

/** @param {Part} part */
const claimHere = (part) => Atomics.compareExchange(part.claim, 0, 0, CLAIMED_HERE) === 0;

/**
 * Feed the growing audio to scan() (each part is handed to the helper as soon as it is cut),
 * then finish() with the whole audio: this thread takes parts from the end while the helper goes
 * on from the start, until they meet.
 * @param {Mp3PipelineOptions} [options]
 * @returns {Mp3Pipeline}
 */
export function createMp3Pipeline({ minPartSamples = MIN_PART_SAMPLES, useHelper = true } = {}) {
  const job = ++jobs;
  /** @type {Part[]} */
  const parts = [];
  let lastCut = 0;
  let scanned = 0;
  let quietFrom = -1;
  const h = useHelper ? getHelper() : null;

  /** @type {(from: number, to: number, audio: Int16Array) => void} */
  const offer = (from, to, audio) => {
    /** @type {Part} */
    const part = { from, to, claim: new Int32Array(new SharedArrayBuffer(4)), result: null, key: 0 };
    parts.push(part);
    if (!h || h.dead) return;
    part.key = ++keys;
    part.result = new Promise((resolve) => h.waiting.set(part.key, resolve));
    const samples = audio.slice(from, to);
    h.worker.postMessage(
      /** @satisfies {HelperMessage} */ ({ job, index: parts.length - 1, key: part.key, claim: part.claim, samples, sentAt: clock() }),
      [samples.buffer],
    );
  };
  /** The helper closes its open stream at the end of a job (or at a part it did not get). */
  const endJob = () => {
    if (h && !h.dead) h.worker.postMessage(/** @satisfies {HelperMessage} */ ({ job, end: true }));
  };
  /** @param {Part} part */
  const forget = (part) => {
    if (part.key) h?.waiting.delete(part.key);
  };

  /** @type {(start: number, end: number, audio: Int16Array) => void} */
  const considerRun = (start, end, audio) => {
    const cut = Math.floor((end - MARGIN) / FRAME_SAMPLES) * FRAME_SAMPLES;
    if (cut - FLUSH_SAMPLES - MARGIN < start || cut - lastCut < minPartSamples) return;
    offer(lastCut, cut, audio);
    lastCut = cut;
  };

  return {
    /** `audio` is all the audio so far (it only grows). */
    scan(audio) {
      const count = audio.length;
      let from = quietFrom;
      for (let i = scanned; i < count;) {
        if (from < 0) {
          // A cut comes at least minPartSamples after the last one and needs FLUSH_SAMPLES + MARGIN quiet
          // samples before it: audio earlier than that cannot matter (about 2 s of every part).
          i = Math.max(i, lastCut + minPartSamples - SHORTEST_CUT_RUN);
          if (i >= count) break;
          for (let x = audio[i]; i < count && (x > QUIET || x < -QUIET); x = audio[++i]);
          if (i < count) from = i;
        } else {
          for (let x = audio[i]; i < count && x <= QUIET && x >= -QUIET; x = audio[++i]);
          if (i < count) {
            if (i - from >= SHORTEST_CUT_RUN) considerRun(from, i, audio);
            from = -1;
          }
        }
      }
      quietFrom = from;
      scanned = count;
    },
    async finish(audio) {
      endJob();
      if (!h || h.dead) {
        for (const part of parts) claimHere(part);
        return encodeMp3(audio);
      }
      // From the end down, a third of the parts the helper has not taken yet at a time, each block one
      // stream (the first with the audio after the last cut), until the helper's parts are reached:
      // blocks shrink as the two threads meet, so neither waits long for the other.
      /** @type {Uint8Array[]} */
      const bytes = new Array(parts.length + 1).fill(NOTHING);
      let i = parts.length - 1;
      for (let first = true; ; first = false) {
        let untaken = 0;
        while (untaken <= i && Atomics.load(parts[i - untaken].claim, 0) === 0) untaken++;
        const top = i;
        for (let k = first ? Math.floor(untaken / 3) : Math.ceil(untaken / 3); k > 0 && i >= 0 && claimHere(parts[i]); k--)
          forget(parts[i--]);
        if (!first && i === top) break;
        const from = i < top ? parts[i + 1].from : lastCut;
        const to = first ? audio.length : parts[top].to - FLUSH_SAMPLES;
        const t = clock();
        bytes[i + 1] = await encodeMp3(audio.subarray(from, to));
        mark('synth', `stream of ${top - i + (first ? 1 : 0)} parts`, t);
      }
      // The helper took all parts up to i, in order (a dead helper leaves them to this thread).
      let t = clock();
      for (let j = 0; j <= i; j++) {
        bytes[j] = (await parts[j].result) ?? (await encodeMp3(audio.subarray(parts[j].from, parts[j].to - FLUSH_SAMPLES)));
      }
      mark('synth', 'wait for helper', t);
      t = clock();
      const out = new Uint8Array(bytes.reduce((n, b) => n + b.length, 0));
      let at = 0;
      for (const b of bytes) {
        out.set(b, at);
        at += b.length;
      }
      mark('synth', 'join frames', t);
      return out;
    },
    /** Where the parts cut so far end. */
    cuts: () => parts.map((part) => part.to),
    /** Parts not yet taken stay untaken (the audio is being made another way). */
    cancel() {
      for (const part of parts) if (claimHere(part)) forget(part);
      endJob();
    },
  };
}

/**
 * One MP3 of finished audio, in parts on both threads when it is long enough to cut.
 * @param {Int16Array} audio
 * @param {Mp3PipelineOptions} [options]
 * @returns {Promise<Uint8Array>}
 */
export async function encodeMp3InParts(audio, options) {
  const pipeline = createMp3Pipeline(options);
  pipeline.scan(audio);
  return pipeline.finish(audio);
}
