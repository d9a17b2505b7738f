// @vitest-environment node
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { LoadedTake, Take } from '../take/take';
import { pcm16ToChannels } from './normalize-wav';
import { loudnessOf, normalizeTake } from './take-loudness';
import { createLoudnessHandler, type LoudnessReply } from './loudness-worker-messages';
import { normalizeLoadedTake } from './normalize-loaded-take';
import { measureLoudness } from './loudness-client';
import { readLameWasm } from '@/testing/audio-tools';

const fixture = (name: string) => readFileSync(join(process.cwd(), 'src/features/speech/loudness/fixtures', name));
const wav = fixture('espeak-en-us.wav');
const PCM = { sampleRate: 22050, channels: 1, bitsPerSample: 16 };
// What the page's decoder gives for the MP3 fixture: the samples it was encoded from stand in.
const decoded = pcm16ToChannels(new Uint8Array(wav.subarray(44)), PCM);

function loaded(format: Take['format'], audio: Blob | null): LoadedTake {
  const take = {
    id: 't1',
    format,
    pcmFormat: PCM,
    audio: audio ? { kept: true, contentType: audio.type, byteLength: audio.size } : { kept: false, reason: 'x' },
  } as Take;
  return { take, audio };
}

describe('normalizeLoadedTake', () => {
  const take = loaded('wav', new Blob([wav], { type: 'audio/wav' }));

  it('leaves the take as it came when the setting is off', async () => {
    expect(await normalizeLoadedTake(take, null)).toBe(take);
  });

  it('brings a WAV take to −16 LUFS and records the level before (the eSpeak fixture: −21.4)', async () => {
    const out = await normalizeLoadedTake(take, -16);
    expect(out.audio).not.toBe(take.audio);
    expect(out.audio?.size).toBe(wav.byteLength);
    expect(out.take.loudness).toMatchObject({ normalized: true, targetLufs: -16, limitedByPeak: false });
    if (!out.take.loudness?.normalized) throw new Error('not normalized');
    expect(out.take.loudness.fromLufs).toBeCloseTo(-21.4, 1);
    expect(Math.abs(out.take.loudness.lufs + 16)).toBeLessThan(0.1);
    expect(out.take.loudness.truePeakDbtp).toBeLessThanOrEqual(-1);
    const measured = await measureLoudness({ format: 'wav', pcmFormat: PCM, audio: out.audio! });
    expect(measured.ok && Math.abs(measured.lufs + 16)).toBeLessThan(0.1);
    // Two loudness passes and a true-peak check over the fixture: seconds on a quiet machine, 15 s
    // at load 20 (it timed out at the 5 s default in three branches' runs).
  }, 30_000);

  it('brings an MP3 take to −16 LUFS from the samples the page decoded, and says so with the level before', async () => {
    const mp3 = loaded('mp3', new Blob([fixture('espeak-en-us.mp3')], { type: 'audio/mpeg' }));
    const out = await normalizeLoadedTake(mp3, -16, (t, target) => normalizeTake({ ...t, decoded }, target, { lameWasm: readLameWasm }));
    expect(out.audio).not.toBe(mp3.audio);
    expect(out.audio?.type).toBe('audio/mpeg');
    expect(out.take.audio).toMatchObject({ kept: true, byteLength: out.audio?.size });
    if (!out.take.loudness?.normalized) throw new Error('not normalized');
    expect(out.take.loudness.fromLufs).toBeCloseTo(-21.4, 1);
    expect(Math.abs(out.take.loudness.lufs + 16)).toBeLessThan(0.1);
  }, 30_000);

  it('says "not normalized (mp3)" for an MP3 the mono encoder cannot take, and keeps the audio', async () => {
    const mp3 = loaded('mp3', new Blob([fixture('espeak-en-us.mp3')], { type: 'audio/mpeg' }));
    const stereo = { sampleRate: 22050, channels: [decoded.channels[0]!, decoded.channels[0]!] };
    const out = await normalizeLoadedTake(mp3, -23, (t, target) =>
      normalizeTake({ ...t, decoded: stereo }, target, { lameWasm: readLameWasm }),
    );
    expect(out.audio).toBe(mp3.audio);
    expect(out.take.loudness).toEqual({ normalized: false, targetLufs: -23, reason: 'mp3' });
  });

  it('says "unreadable" when the page cannot decode an MP3 (here there is no decoder), and keeps the audio', async () => {
    const mp3 = loaded('mp3', new Blob([new Uint8Array(64)], { type: 'audio/mpeg' }));
    const out = await normalizeLoadedTake(mp3, -23);
    expect(out.audio).toBe(mp3.audio);
    expect(out.take.loudness).toEqual({ normalized: false, targetLufs: -23, reason: 'unreadable' });
  });

  it('says "unreadable" when the worker fails, and keeps the audio', async () => {
    const out = await normalizeLoadedTake(take, -16, () => Promise.reject(new Error('gone')));
    expect(out.audio).toBe(take.audio);
    expect(out.take.loudness).toEqual({ normalized: false, targetLufs: -16, reason: 'unreadable' });
  });
});

describe('the loudness worker handler', () => {
  it('answers each request under its id, and a failure as a message', async () => {
    const replies: LoudnessReply[] = [];
    const handle = createLoudnessHandler((r) => replies.push(r));
    await handle({ id: 7, kind: 'measure', take: { format: 'wav', pcmFormat: PCM, audio: new Blob([wav]) } });
    await handle({ id: 8, kind: 'measure', take: null as never });
    expect(replies[0]).toMatchObject({ id: 7, kind: 'measure', result: { ok: true } });
    expect(replies[1]).toMatchObject({ id: 8, kind: 'failed' });
  });

  it('measures samples the page decoded (MP3) as it measures the same samples in a WAV', async () => {
    const replies: LoudnessReply[] = [];
    const pcm = pcm16ToChannels(new Uint8Array(wav.subarray(44)), PCM);
    await createLoudnessHandler((r) => replies.push(r))({ id: 9, kind: 'measureChannels', pcm });
    const fromWav = await loudnessOf({ format: 'wav', pcmFormat: PCM, audio: new Blob([wav]) });
    expect(replies[0]).toEqual({ id: 9, kind: 'measure', result: fromWav });
  });
});
