// Pure operations on 16-bit mono samples. Plain JS so the synthesis worker runs without a TS loader.
export const SAMPLE_RATE = 22050;

/** @param {number} ms */
export const msToSamples = (ms) => Math.round((ms * SAMPLE_RATE) / 1000);
/** @param {number} n */
export const samplesToMs = (n) => Math.round((n * 1000) / SAMPLE_RATE);

/**
 * The samples of a RIFF/WAVE file's data chunk (copied, so they are aligned).
 * @param {Uint8Array} wav
 * @returns {Int16Array}
 */
export function wavSamples(wav) {
  const view = new DataView(wav.buffer, wav.byteOffset, wav.byteLength);
  let at = 12;
  while (at + 8 <= wav.byteLength) {
    const id = String.fromCharCode(wav[at], wav[at + 1], wav[at + 2], wav[at + 3]);
    // espeak writes 0x7fffffff as data size when it streams; trust the file length then.
    const size = Math.min(view.getUint32(at + 4, true), wav.byteLength - at - 8);
    if (id === 'data') return new Int16Array(wav.slice(at + 8, at + 8 + (size & ~1)).buffer);
    at += 8 + size + (size & 1);
  }
  throw new Error('no data chunk in the engine output');
}

/**
 * Runs of near-silence at least `minSamples` long, as [start, end) pairs.
 * @param {Int16Array} samples
 * @param {number} minSamples
 * @returns {[number, number][]}
 */
export function silentRuns(samples, minSamples, threshold = 8) {
  /** @type {[number, number][]} */
  const runs = [];
  let start = -1;
  for (let i = 0; i <= samples.length; i++) {
    const quiet = i < samples.length && Math.abs(samples[i]) <= threshold;
    if (quiet && start < 0) start = i;
    if (!quiet && start >= 0) {
      if (i - start >= minSamples) runs.push([start, i]);
      start = -1;
    }
  }
  return runs;
}

/**
 * Cut audio synthesized with a long marker break between sentences back into sentences.
 * A run k marker-lengths long stands for k breaks (the sentences between them were silent).
 * Returns null when the breaks found do not match the sentence count.
 * @param {Int16Array} samples
 * @param {number} sentenceCount
 * @param {number} breakSamples
 * @returns {Int16Array[] | null}
 */
export function splitAtBreaks(samples, sentenceCount, breakSamples) {
  const runs = silentRuns(samples, Math.round(breakSamples * 0.8));
  const parts = [];
  let from = 0;
  for (const [start, end] of runs) {
    const count = Math.max(1, Math.round((end - start) / breakSamples));
    parts.push(samples.subarray(from, start));
    for (let k = 1; k < count; k++) parts.push(samples.subarray(start, start));
    from = end;
  }
  parts.push(samples.subarray(from));
  return parts.length === sentenceCount ? parts : null;
}

/** @typedef {{ startMs: number; endMs: number }} Span Where a sentence's audio lies. */

/**
 * Join sentence audio with a fixed gap; returns the samples and each part's [startMs, endMs].
 * @param {Int16Array[]} parts
 * @param {number} gapSamples
 * @returns {{ samples: Int16Array; spans: Span[] }}
 */
export function joinWithGaps(parts, gapSamples) {
  const total = parts.reduce((n, p) => n + p.length, 0) + gapSamples * Math.max(0, parts.length - 1);
  const out = new Int16Array(total);
  /** @type {Span[]} */
  const spans = [];
  let at = 0;
  parts.forEach((part, i) => {
    if (i > 0) at += gapSamples;
    out.set(part, at);
    spans.push({ startMs: samplesToMs(at), endMs: samplesToMs(at + part.length) });
    at += part.length;
  });
  return { samples: out, spans };
}

/**
 * Volume in dB as a gain of 10^(dB/20), clamped to int16 (in place).
 * @param {Int16Array} samples
 * @param {number} db
 */
export function applyGain(samples, db) {
  if (db === 0) return samples;
  const gain = 10 ** (db / 20);
  for (let i = 0; i < samples.length; i++) {
    samples[i] = Math.max(-32768, Math.min(32767, Math.round(samples[i] * gain)));
  }
  return samples;
}
