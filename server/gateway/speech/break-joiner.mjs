// splitAtBreaks + joinWithGaps + applyGain as a stream, so audio is ready while the engine still
// speaks. Plain JS: runs inside the synthesis worker. Its output equals the batch functions'.
import { samplesToMs } from './pcm-ops.mjs';

const QUIET = 8;

/**
 * @typedef {import('./pcm-ops.mjs').Span} Span
 * @typedef {{ push(samples: Int16Array): void; output(): Int16Array; end(): { ok: boolean; spans: Span[] } }} BreakJoiner
 * @typedef {{ streamable: boolean; write(bytes: Uint8Array, position: number): void; end(): void }} WavStreamReader
 */

/**
 * Feed the engine's samples with push(); the joined, gained audio grows in output().
 * end() says whether the breaks matched the sentence count (else the caller takes the slow path).
 * @param {{ sentenceCount: number; breakSamples: number; gapSamples: number; volumeDb: number }} options
 * @returns {BreakJoiner}
 */
export function createBreakJoiner({ sentenceCount, breakSamples, gapSamples, volumeDb }) {
  const minRun = Math.round(breakSamples * 0.8);
  const gain = volumeDb === 0 ? 1 : 10 ** (volumeDb / 20);
  let out = new Int16Array(1 << 16);
  let length = 0;
  let partStart = 0;
  let parts = 0;
  /** @type {Span[]} */
  const spans = [];
  // The current quiet run is written out as it comes (its first minRun samples) and taken back
  // if it turns out to be a break: no copy of it is kept, and a short run costs nothing extra.
  let runLength = 0;
  let runStart = 0;

  /** @param {number} n */
  const room = (n) => {
    if (length + n <= out.length) return;
    let size = out.length * 2;
    while (size < length + n) size *= 2;
    const grown = new Int16Array(size);
    grown.set(out.subarray(0, length));
    out = grown;
  };
  const endPart = () => {
    spans.push({ startMs: samplesToMs(partStart), endMs: samplesToMs(length) });
    parts++;
  };
  const startPart = () => {
    room(gapSamples);
    out.fill(0, length, length + gapSamples);
    length += gapSamples;
    partStart = length;
  };
  /** A run of `runLength` quiet samples written from runStart was a break (or several). */
  const takeBackBreak = () => {
    length = runStart;
    const count = Math.max(1, Math.round(runLength / breakSamples));
    endPart();
    for (let k = 1; k < count; k++) {
      startPart();
      endPart();
    }
    startPart();
  };

  /** @type {(samples: Int16Array, from: number, to: number, quiet: boolean) => void} Samples [from, to) of `samples` onto the output, with the gain (clamped unless quiet). */
  const copy = (samples, from, to, quiet) => {
    // A view for set() is an allocation: short stretches (most of them) are copied by hand.
    if (gain === 1 && to - from > 64) out.set(samples.subarray(from, to), length);
    else if (gain === 1) for (let i = from; i < to; i++) out[length + i - from] = samples[i];
    else if (quiet) for (let i = from; i < to; i++) out[length + i - from] = Math.round(samples[i] * gain);
    else for (let i = from; i < to; i++) out[length + i - from] = Math.max(-32768, Math.min(32767, Math.round(samples[i] * gain)));
    length += to - from;
  };

  /** @param {number} x */
  const quiet = (x) => x <= QUIET && x >= -QUIET;

  return {
    // 10 M samples for 5,000 characters, and speech crosses zero (a short quiet stretch) every few
    // samples: rather than step through every stretch, only every minRun-th sample is looked at
    // (every run long enough to be a break holds one), a quiet one is widened to its run, and what
    // lies between breaks is copied in one go. Only the quiet samples of breaks are all read.
    push(samples) {
      room(samples.length);
      const count = samples.length;
      let i = 0;
      if (runLength > 0) {
        // The run open at the end of the last push goes on.
        let k = 0;
        while (k < count && quiet(samples[k])) k++;
        const take = Math.min(k, minRun - runLength);
        if (take > 0) copy(samples, 0, take, true);
        runLength += k;
        if (k === count) return;
        if (runLength >= minRun) {
          takeBackBreak();
          room(count - k);
        }
        runLength = 0;
        i = k;
      }
      let copied = i;
      for (let probe = i + minRun - 1; probe < count;) {
        if (!quiet(samples[probe])) {
          probe += minRun;
          continue;
        }
        let start = probe;
        while (start > copied && quiet(samples[start - 1])) start--;
        let end = probe + 1;
        while (end < count && quiet(samples[end])) end++;
        if (end === count) break; // open at the end: left to the tail below
        if (end - start >= minRun) {
          copy(samples, copied, start, false);
          runStart = length;
          runLength = end - start;
          takeBackBreak();
          runLength = 0;
          room(count - end);
          copied = end;
        }
        probe = end + minRun;
      }
      // A quiet run at the end may go on in the next push: its first minRun samples are written
      // out and taken back if it turns out to be a break.
      let tail = count;
      while (tail > copied && quiet(samples[tail - 1])) tail--;
      copy(samples, copied, tail, false);
      if (tail < count) {
        runStart = length;
        copy(samples, tail, tail + Math.min(count - tail, minRun), true);
        runLength = count - tail;
      }
    },
    /** The joined audio so far, up to a quiet run not yet known to be spoken (a view: valid until the next push). */
    output: () => out.subarray(0, runLength > 0 ? runStart : length),
    end() {
      if (runLength >= minRun) takeBackBreak();
      runLength = 0;
      endPart();
      return { ok: parts === sentenceCount, spans };
    },
  };
}

/**
 * Reads a WAV file as it is written (bytes at increasing positions; rewrites of earlier bytes,
 * the sizes espeak fills in when it closes the file, are ignored) and passes on its samples (a
 * view into its own buffer, valid during the call) in batches of about 32,000 (espeak writes ≈ 760 bytes at a time; a call per write cost more than
 * the samples). Only the canonical 44-byte header is streamed; any other layout sets
 * `streamable` false. end() passes on what is left.
 * @param {(samples: Int16Array) => void} onSamples
 * @returns {WavStreamReader}
 */
export function createWavStreamReader(onSamples) {
  const header = new Uint8Array(44);
  let received = 0;
  const BATCH = 1 << 16;
  let pending = new Uint8Array(BATCH);
  let pendingLength = 0;
  const flush = () => {
    const even = pendingLength & ~1;
    if (even === 0) return;
    // The bytes read as samples in place (little-endian, as wavSamples reads them too): a view that
    // is valid during the call only.
    onSamples(new Int16Array(pending.buffer, 0, even >> 1));
    pending.copyWithin(0, even, pendingLength);
    pendingLength -= even;
  };
  /** @type {WavStreamReader} */
  const reader = {
    streamable: true,
    write(bytes, position) {
      if (!reader.streamable || bytes.length === 0 || position + bytes.length <= received) return;
      if (position !== received) {
        reader.streamable = false;
        return;
      }
      let from = 0;
      if (received < 44) {
        from = Math.min(bytes.length, 44 - received);
        header.set(bytes.subarray(0, from), received);
        received += from;
        if (received === 44 && String.fromCharCode(...header.subarray(36, 40)) !== 'data') reader.streamable = false;
        if (!reader.streamable || from === bytes.length) return;
      }
      received += bytes.length - from;
      const data = bytes.subarray(from);
      if (pendingLength + data.length > pending.length) {
        flush();
        if (pendingLength + data.length > pending.length) {
          const grown = new Uint8Array(pendingLength + data.length);
          grown.set(pending.subarray(0, pendingLength));
          pending = grown;
        }
      }
      pending.set(data, pendingLength);
      pendingLength += data.length;
    },
    end: flush,
  };
  return reader;
}
