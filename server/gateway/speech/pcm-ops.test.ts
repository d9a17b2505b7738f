import { describe, expect, it } from 'vitest';
import { applyGain, joinWithGaps, splitAtBreaks, wavSamples } from './pcm-ops.mjs';
import { encodeWav } from './audio-encode.mjs';

const tone = (n: number) => Int16Array.from({ length: n }, (_, i) => (i % 2 ? 1000 : -1000));
const concat = (...parts: Int16Array[]) => {
  const out = new Int16Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
};

describe('pcm operations', () => {
  it('cuts at marker breaks and counts a double-length run as two breaks', () => {
    const audio = concat(tone(100), new Int16Array(1000), tone(50), new Int16Array(2000), tone(70));
    const parts = splitAtBreaks(audio, 4, 1000);
    expect(parts?.map((p) => p.length)).toEqual([100, 50, 0, 70]);
  });

  it('gives up (null) when the breaks do not match the sentences', () => {
    expect(splitAtBreaks(concat(tone(100), new Int16Array(1000), tone(50)), 3, 1000)).toBeNull();
  });

  it('ignores pauses shorter than a marker', () => {
    expect(splitAtBreaks(concat(tone(100), new Int16Array(500), tone(50)), 1, 1000)?.[0]?.length).toBe(650);
  });

  it('joins parts with gaps and reports each span in ms', () => {
    const { samples, spans } = joinWithGaps([tone(22050), tone(11025)], 2205);
    expect(samples.length).toBe(22050 + 2205 + 11025);
    expect(spans).toEqual([
      { startMs: 0, endMs: 1000 },
      { startMs: 1100, endMs: 1600 },
    ]);
  });

  it('applies dB gain and clamps to int16', () => {
    expect([...applyGain(Int16Array.from([1000, -1000]), -20)]).toEqual([100, -100]);
    expect([...applyGain(Int16Array.from([20000, -20000]), 20)]).toEqual([32767, -32768]);
  });

  it('reads the samples back out of a WAV file', () => {
    expect([...wavSamples(encodeWav(Int16Array.from([1, -2, 3])))]).toEqual([1, -2, 3]);
  });
});
