import { describe, expect, it } from 'vitest';
import { createBreakJoiner, createWavStreamReader } from './break-joiner.mjs';
import { applyGain, joinWithGaps, silentRuns, splitAtBreaks } from './pcm-ops.mjs';
import { encodeWav } from './audio-encode.mjs';

/** A small deterministic generator, so a failing case can be replayed. */
function random(seed: number) {
  let s = seed;
  return () => (s = (s * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff;
}

/** Speech-like audio: loud stretches between quiet runs, some long enough to be marker breaks. */
function fakeEngineOutput(next: () => number, breakSamples: number) {
  const pieces: number[] = [];
  const count = 2 + Math.floor(next() * 12);
  for (let p = 0; p < count; p++) {
    const loud = Math.floor(next() * 400);
    for (let i = 0; i < loud; i++) pieces.push(Math.round((next() - 0.5) * 20000) || 100);
    const kind = next();
    const quiet = kind < 0.4 ? Math.floor(next() * breakSamples * 0.7) : kind < 0.8 ? breakSamples : breakSamples * 2 + 3;
    for (let i = 0; i < quiet; i++) pieces.push(Math.round((next() - 0.5) * 16));
  }
  return Int16Array.from(pieces);
}

function batch(samples: Int16Array, sentenceCount: number, breakSamples: number, gapSamples: number, volumeDb: number) {
  const parts = splitAtBreaks(samples, sentenceCount, breakSamples);
  if (!parts) return null;
  const joined = joinWithGaps(parts, gapSamples);
  applyGain(joined.samples, volumeDb);
  return joined;
}

describe('break joiner', () => {
  it('streams exactly what the batch split, join and gain make, however the input is cut', () => {
    let compared = 0;
    for (let seed = 1; seed <= 200; seed++) {
      const next = random(seed);
      const breakSamples = 200;
      const samples = fakeEngineOutput(next, breakSamples);
      // The sentence count the breaks stand for, off by one now and then so mismatches are tried too.
      const runs = silentRuns(samples, Math.round(breakSamples * 0.8));
      const parts = 1 + runs.reduce((n, [a, b]) => n + Math.max(1, Math.round((b - a) / breakSamples)), 0) + (seed % 10 === 0 ? 1 : 0);
      const volumeDb = [0, 6, -6, 20][seed % 4]!;
      const gapSamples = 1 + (seed % 50);
      const joiner = createBreakJoiner({ sentenceCount: parts, breakSamples, gapSamples, volumeDb });
      const seen: Int16Array[] = [];
      for (let at = 0; at < samples.length;) {
        // Mostly small pieces, as espeak writes; every third case pieces of up to 5,000 (many runs each).
        const n = 1 + Math.floor(next() * (seed % 3 === 0 ? 5000 : 300));
        joiner.push(samples.subarray(at, at + n));
        seen.push(joiner.output().slice());
        at += n;
      }
      const { ok, spans } = joiner.end();
      // What output() showed along the way is never taken back: the MP3 parts are cut from it.
      const final = joiner.output();
      const takenBack = seen.filter((shown) => shown.some((x, i) => x !== final[i]) || shown.length > final.length);
      expect(takenBack).toEqual([]);
      const expected = batch(samples, parts, breakSamples, gapSamples, volumeDb);
      expect(ok).toBe(expected !== null);
      if (!expected) continue;
      compared++;
      expect(spans).toEqual(expected.spans);
      expect(Array.from(joiner.output())).toEqual(Array.from(expected.samples));
    }
    expect(compared).toBe(180);
  });

  it('says the breaks did not match the sentences, as the batch split does', () => {
    const audio = Int16Array.from([...new Array(100).fill(1000), ...new Array(1000).fill(0), ...new Array(50).fill(-1000)]);
    const joiner = createBreakJoiner({ sentenceCount: 3, breakSamples: 1000, gapSamples: 10, volumeDb: 0 });
    joiner.push(audio);
    expect(joiner.end().ok).toBe(false);
    expect(splitAtBreaks(audio, 3, 1000)).toBeNull();
  });
});

describe('WAV stream reader', () => {
  const samples = Int16Array.from({ length: 999 }, (_, i) => ((i * 7919) % 65536) - 32768);
  const wav = encodeWav(samples);

  it('passes on the samples of a WAV written in pieces of any size, odd ones included', () => {
    for (const size of [1, 3, 44, 45, 100, 4096]) {
      const got: number[] = [];
      const reader = createWavStreamReader((s) => got.push(...s));
      for (let at = 0; at < wav.length; at += size) reader.write(wav.subarray(at, at + size), at);
      // espeak rewrites the sizes in the header when it closes the file.
      reader.write(new Uint8Array(4), 4);
      reader.end();
      expect(reader.streamable).toBe(true);
      expect(got).toEqual(Array.from(samples));
    }
  });

  it('gives up on a header it does not stream, and on a write that skips bytes', () => {
    const odd = wav.slice();
    odd.set([0x4c, 0x49, 0x53, 0x54], 36); // a LIST chunk where data should be
    const reader = createWavStreamReader(() => {});
    reader.write(odd, 0);
    expect(reader.streamable).toBe(false);
    const skipping = createWavStreamReader(() => {});
    skipping.write(wav.subarray(0, 50), 0);
    skipping.write(wav.subarray(60, 70), 60);
    expect(skipping.streamable).toBe(false);
  });
});
