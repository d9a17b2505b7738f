import { describe, expect, it } from 'vitest';
import { kWeighting } from './k-weighting';
import { applyGain, integratedLoudness, loudnessGain, truePeak } from './loudness';

const sine = (freq: number, dbfs: number, seconds: number, sampleRate = 48000, phase = 0) => {
  const a = 10 ** (dbfs / 20);
  return Float32Array.from(
    { length: Math.round(seconds * sampleRate) },
    (_, i) => a * Math.sin((2 * Math.PI * freq * i) / sampleRate + phase),
  );
};

describe('K-weighting', () => {
  it("reproduces BS.1770-4's 48 kHz coefficients", () => {
    const [shelf, pass] = kWeighting(48000);
    expect(shelf.b0).toBeCloseTo(1.53512485958697, 10);
    expect(shelf.b1).toBeCloseTo(-2.69169618940638, 10);
    expect(shelf.b2).toBeCloseTo(1.19839281085285, 10);
    expect(shelf.a1).toBeCloseTo(-1.69065929318241, 10);
    expect(shelf.a2).toBeCloseTo(0.73248077421585, 10);
    expect(pass.a1).toBeCloseTo(-1.99004745483398, 10);
    expect(pass.a2).toBeCloseTo(0.99007225036621, 10);
  });
});

describe('integratedLoudness (BS.1770-4)', () => {
  it('reads a 997 Hz sine at 0 dBFS as −3.01 LUFS, at 48 kHz, 44.1 kHz and the gateway’s 22,050 Hz', () => {
    for (const rate of [48000, 44100, 22050]) {
      expect(integratedLoudness({ sampleRate: rate, channels: [sine(997, 0, 5, rate)] })).toBeCloseTo(-3.01, 1);
    }
  });

  it('follows the level (−20 dBFS → −23.01 LUFS) and sums channels (the same sine in stereo is 3 dB louder)', () => {
    const x = sine(997, -20, 5);
    expect(integratedLoudness({ sampleRate: 48000, channels: [x] })).toBeCloseTo(-23.01, 1);
    expect(integratedLoudness({ sampleRate: 48000, channels: [x, x] })).toBeCloseTo(-20.0, 1);
  });

  it('gates: silence and a quiet tail (more than 10 LU down) do not pull the loudness down', () => {
    const loud = sine(997, -20, 5);
    const quiet = sine(997, -45, 5);
    const withGaps = new Float32Array(48000 * 20);
    withGaps.set(loud, 0);
    withGaps.set(quiet, 48000 * 10);
    // 47 whole blocks of the loud part and 3 that straddle its end (3/4, 1/2, 1/4 of it): 48.5 / 50 of its power.
    expect(integratedLoudness({ sampleRate: 48000, channels: [withGaps] })).toBeCloseTo(-23.01 + 10 * Math.log10(48.5 / 50), 2);
    // Without the gates the quiet half and the silence would count: the plain mean is 3 dB lower still.
    expect(integratedLoudness({ sampleRate: 48000, channels: [withGaps] })).toBeGreaterThan(-23.2);
  });

  it('is −Infinity for silence or less than one 400 ms block', () => {
    expect(integratedLoudness({ sampleRate: 48000, channels: [new Float32Array(48000)] })).toBe(-Infinity);
    expect(integratedLoudness({ sampleRate: 48000, channels: [sine(997, 0, 0.3)] })).toBe(-Infinity);
  });
});

describe('truePeak (4× oversampling)', () => {
  it('finds the peak between samples: a sine at a quarter of the rate sampled at ±45° peaks at 0 dBTP, not −3 dB', () => {
    const x = sine(12000, 0, 1, 48000, Math.PI / 4);
    const samplePeak = 20 * Math.log10(Math.max(...x.map(Math.abs)));
    expect(samplePeak).toBeCloseTo(-3.01, 1);
    expect(truePeak({ sampleRate: 48000, channels: [x] })).toBeGreaterThan(-0.6);
    expect(truePeak({ sampleRate: 48000, channels: [x] })).toBeLessThan(0.1);
  });

  it('equals the sample peak of a slow sine', () => {
    expect(truePeak({ sampleRate: 48000, channels: [sine(100, -6, 1)] })).toBeCloseTo(-6, 1);
  });
});

describe('loudnessGain', () => {
  it('brings speech-like audio to −16 or −23 LUFS, and the result measures so', () => {
    const pcm = { sampleRate: 22050, channels: [sine(997, -30, 5, 22050)] };
    for (const target of [-16, -23]) {
      const g = loudnessGain(pcm, target);
      expect(g.limitedByPeak).toBe(false);
      expect(integratedLoudness(applyGain(pcm, g.gainDb))).toBeCloseTo(target, 1);
    }
  });

  it('stops at the −1 dBTP ceiling and says so', () => {
    const g = loudnessGain({ sampleRate: 48000, channels: [sine(997, -6, 5)] }, -3);
    expect(g.limitedByPeak).toBe(true);
    expect(g.gainDb).toBeCloseTo(5, 1);
    expect(g.resultLufs).toBeCloseTo(-9.01 + 5, 1);
  });

  it('leaves silence alone', () => {
    expect(loudnessGain({ sampleRate: 48000, channels: [new Float32Array(48000)] }, -16)).toMatchObject({
      gainDb: 0,
      limitedByPeak: false,
    });
  });
});
