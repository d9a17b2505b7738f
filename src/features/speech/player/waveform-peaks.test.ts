import { describe, expect, it } from 'vitest';
import { computePeaks } from './waveform-peaks';

describe('computePeaks', () => {
  it('keeps the loudest sample of each column across slices', async () => {
    const samples = new Float32Array(100_000);
    samples[10] = -0.5;
    samples[60_000] = 0.9;
    samples[99_999] = 0.25;
    const peaks = await computePeaks(samples, 4);
    expect([...peaks].map((p) => Number(p.toFixed(2)))).toEqual([0.5, 0, 0.9, 0.25]);
  });

  it('stops when cancelled', async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(computePeaks(new Float32Array(100_000), 10, controller.signal)).rejects.toThrow('Waveform cancelled');
  });
});
