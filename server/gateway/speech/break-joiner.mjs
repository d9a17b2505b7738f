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
  // The current quiet run: kept until it is known to be a break (then dropped) or not (then spoken).
  let run = new Int16Array(1024);
  let runLength = 0;

  const room = (n) => {
    if (length + n <= out.length) return;
    let size = out.length * 2;
    while (size < length + n) size *= 2;
    const grown = new Int16Array(size);
    grown.set(out.subarray(0, length));
    out = grown;
  };
  const emit = (x) => {
    const y = gain === 1 ? x : Math.max(-32768, Math.min(32767, Math.round(x * gain)));
    out[length++] = y;
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
  const closeRun = () => {
    if (runLength >= minRun) {
      const count = Math.max(1, Math.round(runLength / breakSamples));
      endPart();
      for (let k = 1; k < count; k++) {
        startPart();
        endPart();
      }
      startPart();
    } else {
      room(runLength);
      for (let i = 0; i < runLength; i++) emit(run[i]);
    }
    runLength = 0;
  };

  return {
    push(samples) {
      room(samples.length);
      for (let i = 0; i < samples.length; i++) {
        const x = samples[i];
        if (x <= QUIET && x >= -QUIET) {
          if (runLength < minRun) {
            if (runLength === run.length) {
              const grown = new Int16Array(run.length * 2);
              grown.set(run);
              run = grown;
            }
            run[runLength] = x;
          }
          runLength++;
          continue;
        }
        if (runLength > 0) {
          closeRun();
          room(samples.length - i);
        }
        emit(x);
      }
    },
    /** The joined audio so far (a view: valid until the next push). */
    output: () => out.subarray(0, length),
    end() {
      if (runLength > 0) closeRun();
      endPart();
      return { ok: parts === sentenceCount, spans };
    },
  };
}

/**
 * Reads a WAV file as it is written (bytes at increasing positions; rewrites of earlier bytes,
 * the sizes espeak fills in when it closes the file, are ignored) and passes on its samples.
 * Only the canonical 44-byte header is streamed; any other layout sets `streamable` false.
 */
export function createWavStreamReader(onSamples) {
  const header = new Uint8Array(44);
  let received = 0;
  let odd = -1;
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
      let at = from;
      let head = null;
      if (odd >= 0) {
        head = ((bytes[at++] << 24) >> 16) | odd;
        odd = -1;
      }
      const pairs = (bytes.length - at) >> 1;
      // A copy of the bytes read as samples (little-endian, as wavSamples reads them too).
      const samples = new Int16Array(pairs + (head === null ? 0 : 1));
      if (head !== null) samples[0] = head;
      samples.set(new Int16Array(bytes.slice(at, at + pairs * 2).buffer), head === null ? 0 : 1);
      if (at + pairs * 2 < bytes.length) odd = bytes[bytes.length - 1];
      onSamples(samples);
    },
  };
  return reader;
}
