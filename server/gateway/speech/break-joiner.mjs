// splitAtBreaks + joinWithGaps + applyGain as a stream, so audio is ready while the engine still
// speaks. Plain JS: runs inside the synthesis worker. Its output equals the batch functions'.
import { samplesToMs } from './pcm-ops.mjs';

const QUIET = 8;

/**
 * Feed the engine's samples with push(); the joined, gained audio grows in output().
 * end() says whether the breaks matched the sentence count (else the caller takes the slow path).
 */
export function createBreakJoiner({ sentenceCount, breakSamples, gapSamples, volumeDb }) {
  const minRun = Math.round(breakSamples * 0.8);
  const gain = volumeDb === 0 ? 1 : 10 ** (volumeDb / 20);
  let out = new Int16Array(1 << 16);
  let length = 0;
  let partStart = 0;
  let parts = 0;
  const spans = [];
  // The current quiet run is written out as it comes (its first minRun samples) and taken back
  // if it turns out to be a break: no copy of it is kept, and a short run costs nothing extra.
  let runLength = 0;
  let runStart = 0;

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

  /** Samples [from, to) of `samples` onto the output, with the gain (clamped unless quiet). */
  const copy = (samples, from, to, quiet) => {
    // A view for set() is an allocation: short stretches (most of them) are copied by hand.
    if (gain === 1 && to - from > 64) out.set(samples.subarray(from, to), length);
    else if (gain === 1) for (let i = from; i < to; i++) out[length + i - from] = samples[i];
    else if (quiet) for (let i = from; i < to; i++) out[length + i - from] = Math.round(samples[i] * gain);
    else for (let i = from; i < to; i++) out[length + i - from] = Math.max(-32768, Math.min(32767, Math.round(samples[i] * gain)));
    length += to - from;
  };

  return {
    // Loud and quiet stretches in turn, each found by a tight loop and copied in one go: 10 M samples
    // for 5,000 characters, so a per-sample step that does more than compare costs tens of ms.
    push(samples) {
      room(samples.length);
      const count = samples.length;
      for (let i = 0; i < count;) {
        let j = i;
        while (j < count) {
          const x = samples[j];
          if (x <= QUIET && x >= -QUIET) break;
          j++;
        }
        if (j > i) {
          if (runLength >= minRun) {
            takeBackBreak();
            room(count - i);
          }
          runLength = 0;
          copy(samples, i, j, false);
        }
        let k = j;
        while (k < count) {
          const x = samples[k];
          if (x > QUIET || x < -QUIET) break;
          k++;
        }
        if (k > j) {
          if (runLength === 0) runStart = length;
          const take = Math.min(k - j, minRun - runLength);
          if (take > 0) copy(samples, j, j + take, true);
          runLength += k - j;
        }
        i = k;
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
