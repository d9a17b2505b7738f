// @vitest-environment node
// Node, not jsdom: these run in a worker, so they must not need the DOM (Blob is in Node and workers alike).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { pcmToWav } from '../audio/pcm-to-wav';
import { loudnessOf, normalizeTake, type TakeAudio } from './take-loudness';

const wav = readFileSync(join(process.cwd(), 'src/features/speech/loudness/fixtures/espeak-en-us.wav'));
const PCM = { sampleRate: 22050, channels: 1, bitsPerSample: 16 };
const wavTake: TakeAudio = { format: 'wav', pcmFormat: PCM, audio: new Blob([wav], { type: 'audio/wav' }) };
const pcmTake: TakeAudio = { format: 'pcm', pcmFormat: PCM, audio: new Blob([wav.subarray(44)], { type: 'audio/L16' }) };

describe('loudnessOf a take', () => {
  it('runs where there is no DOM (as in a worker)', () => {
    expect(typeof document).toBe('undefined');
  });

  it('measures a WAV take and the same samples as raw PCM alike (ffmpeg: −21.4 LUFS, −3.6 dBTP)', async () => {
    for (const take of [wavTake, pcmTake]) {
      const measured = await loudnessOf(take);
      if (!measured.ok) throw new Error(measured.error.code);
      expect(measured.lufs).toBeCloseTo(-21.43, 1);
      expect(measured.truePeakDbtp).toBeCloseTo(-3.58, 1);
      expect(measured.durationMs).toBeCloseTo(3430, -1);
    }
  });

  it('answers a code for what it cannot read here: MP3 (decoded in the page) and WAVs that are not 16-bit', async () => {
    expect(await loudnessOf({ ...wavTake, format: 'mp3' })).toEqual({ ok: false, error: { code: 'unsupportedFormat', format: 'mp3' } });
    const eight = new Blob([pcmToWav(new Uint8Array(100), { ...PCM, bitsPerSample: 8 })]);
    expect(await loudnessOf({ ...wavTake, audio: eight })).toEqual({
      ok: false,
      error: { code: 'unsupportedFormat', format: 'wav', bitsPerSample: 8 },
    });
    expect(await loudnessOf({ ...wavTake, audio: new Blob(['not audio']) })).toEqual({ ok: false, error: { code: 'unreadableAudio' } });
  });
});

describe('normalizeTake', () => {
  it.each([wavTake, pcmTake])('brings a $format take to −16 LUFS under −1 dBTP, and the result measures so', async (take) => {
    const out = await normalizeTake(take, -16);
    if (!out.ok) throw new Error(out.error.code);
    expect(out.audio.size).toBe(take.audio.size);
    expect(out.audio.type).toBe(take.audio.type);
    const after = await loudnessOf({ ...take, audio: out.audio });
    if (!after.ok) throw new Error(after.error.code);
    expect(Math.abs(after.lufs - -16)).toBeLessThanOrEqual(1);
    expect(after.truePeakDbtp).toBeLessThanOrEqual(-1);
    expect(out.loudness.lufs).toBeCloseTo(after.lufs, 1);
    expect(out.gain.limiter?.maxReductionDb).toBeGreaterThan(0);
  });

  it('leaves a take already at the target as it came (the same Blob)', async () => {
    const once = await normalizeTake(wavTake, -23);
    if (!once.ok) throw new Error(once.error.code);
    const twice = await normalizeTake({ ...wavTake, audio: once.audio }, -23);
    if (!twice.ok) throw new Error(twice.error.code);
    expect(twice.audio).toBe(once.audio);
  });

  it('refuses an MP3 take the page did not decode, with a code (never read as PCM)', async () => {
    expect(await normalizeTake({ ...wavTake, format: 'mp3' }, -16)).toEqual({
      ok: false,
      error: { code: 'unsupportedFormat', format: 'mp3' },
    });
  });
});
