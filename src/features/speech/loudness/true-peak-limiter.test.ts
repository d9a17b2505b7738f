import { describe, expect, it } from 'vitest';
import { limiterGain } from './true-peak-limiter';

const RATE = 8000;
const LOOK = 40; // 5 ms at 8 kHz

describe('limiterGain', () => {
  it('meets a peak with a ramp that starts 5 ms before it, never lets a sample pass the threshold, and releases in about 50 ms', () => {
    const envelope = new Float32Array(4000).fill(0.5);
    envelope[1000] = 2; // needs a gain of 0.5 at sample 1000
    envelope[2000] = 1.25; // and 0.8 at 2000
    const gain = limiterGain(envelope, 1, RATE);
    for (let i = 0; i < envelope.length; i++) expect(envelope[i]! * gain[i]!).toBeLessThanOrEqual(1 + 1e-6);
    expect(gain[1000]).toBeCloseTo(0.5, 6);
    // Untouched until the look-ahead, then a steady fall (no step) down to the peak.
    expect(gain[1000 - LOOK - 1]).toBe(1);
    for (let i = 1000 - LOOK; i <= 1000; i++) expect(gain[i]!).toBeLessThan(gain[i - 1]!);
    const steps = Array.from({ length: LOOK }, (_, k) => gain[1000 - LOOK + k]! - gain[1000 - LOOK + k + 1]!);
    expect(Math.max(...steps)).toBeLessThan(0.5 / LOOK + 1e-6);
    // Released on a one-pole curve of 50 ms: about 1 − 0.5/e of the way back 50 ms (+ the look-ahead average) after.
    expect(gain[1000 + 400 + LOOK]).toBeGreaterThan(0.75);
    expect(gain[1000 + 400 + LOOK]).toBeLessThan(0.9);
    expect(gain[1999 - LOOK - 1]).toBeCloseTo(1 - 0.5 * Math.exp(-938 / 400), 2); // 117 ms after: 95 % back
    expect(gain[2000]).toBeCloseTo(0.8, 6);
  });

  it('leaves a signal under the threshold alone (gain 1 everywhere)', () => {
    const gain = limiterGain(new Float32Array(1000).fill(0.9), 1, RATE);
    expect(gain.every((g) => g === 1)).toBe(true);
  });
});
