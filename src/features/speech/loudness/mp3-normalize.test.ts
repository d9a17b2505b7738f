// @vitest-environment node
// Node, not jsdom: normalizeTake runs in the loudness worker, which has no DOM.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { findMp3Frames } from '../audio';
import { integratedLoudness, truePeak, type PcmChannels } from './loudness';
import { pcm16ToChannels } from './normalize-wav';
import { normalizeTake, type TakeAudio } from './take-loudness';
import { HAS_FFMPEG, readLameWasm } from '@/testing/audio-tools';

// The eSpeak fixture (−21.4 LUFS) as the embedded gateway sends it in MP3: its LAME build, VBR 6, quality 7.
const fixture = (name: string) => readFileSync(join(process.cwd(), 'src/features/speech/loudness/fixtures', name));
const mp3 = fixture('espeak-en-us.mp3');
const wav = fixture('espeak-en-us.wav');
const PCM = { sampleRate: 22050, channels: 1, bitsPerSample: 16 };

/** ffmpeg with an MP3 on its input: its stderr and stdout. */
function ffmpeg(audio: Uint8Array, args: string[]): { stderr: string; stdout: Buffer } {
  const dir = mkdtempSync(join(tmpdir(), 'mp3-loudness-'));
  try {
    writeFileSync(join(dir, 'in.mp3'), audio);
    const run = spawnSync('ffmpeg', ['-hide_banner', '-nostats', '-i', join(dir, 'in.mp3'), ...args], { maxBuffer: 1 << 26 });
    return { stderr: run.stderr.toString('utf8'), stdout: run.stdout };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
/** What a decoder gives for an MP3 (ffmpeg's, as the page's decodeAudioData would): mono float samples at its rate. */
const decodedByFfmpeg = (audio: Uint8Array): PcmChannels =>
  pcm16ToChannels(new Uint8Array(ffmpeg(audio, ['-f', 's16le', '-ac', '1', '-']).stdout), PCM);
/** ffmpeg's ebur128 integrated loudness of an MP3 (LUFS, to 0.1). */
const ebur128 = (audio: Uint8Array) => {
  const { stderr } = ffmpeg(audio, ['-af', 'ebur128', '-f', 'null', '-']);
  return Number(/I:\s+(-?[\d.]+) LUFS/.exec(stderr.slice(stderr.lastIndexOf('Summary:')))?.[1]);
};

// The page decodes the MP3 (OfflineAudioContext); here ffmpeg does where it is installed, else the
// same speech from the WAV it was encoded from stands in for the decoded samples.
const decoded = HAS_FFMPEG ? decodedByFfmpeg(mp3) : pcm16ToChannels(new Uint8Array(wav.subarray(44)), PCM);
const mp3Take: TakeAudio = { format: 'mp3', pcmFormat: PCM, audio: new Blob([mp3], { type: 'audio/mpeg' }), decoded };

describe('normalizeTake of an MP3 take', () => {
  it('decoded samples are brought to −16 LUFS and encoded again as MP3 by the gateway’s LAME', async () => {
    const out = await normalizeTake(mp3Take, -16, { lameWasm: readLameWasm });
    if (!out.ok) throw new Error(JSON.stringify(out.error));
    expect(Math.abs(out.gain.measuredLufs - -21.4)).toBeLessThanOrEqual(0.3);
    expect(Math.abs(out.loudness.lufs - -16)).toBeLessThanOrEqual(0.1);
    // The limiter aims 1 dB under the ceiling: what encoding adds to the peaks.
    expect(out.loudness.truePeakDbtp).toBeLessThanOrEqual(-2);
    expect(out.audio.type).toBe('audio/mpeg');
    const bytes = new Uint8Array(await out.audio.arrayBuffer());
    const frames = findMp3Frames(bytes);
    expect(frames.sampleRate).toBe(22050);
    // As long as the take (3.43 s), give or take the encoder's delay and last frame.
    expect(Math.abs((frames.frames * frames.samplesPerFrame * 1000) / frames.sampleRate - 3430)).toBeLessThan(150);
    if (HAS_FFMPEG) {
      // The new MP3 as a listener gets it, decoded: the project's meter and ffmpeg's ebur128 agree on −16 ± 1 LU.
      const after = decodedByFfmpeg(bytes);
      expect(Math.abs(integratedLoudness(after) - -16)).toBeLessThanOrEqual(1);
      expect(truePeak(after)).toBeLessThanOrEqual(-1);
      expect(Math.abs(ebur128(bytes) - -16)).toBeLessThanOrEqual(1);
      expect(Math.abs(ebur128(mp3) - -21.4)).toBeLessThanOrEqual(0.3);
    }
  }, 30_000);

  it('answers a code for an MP3 the page did not decode, or with more channels than the mono encoder takes', async () => {
    expect(await normalizeTake({ ...mp3Take, decoded: undefined }, -16, { lameWasm: readLameWasm })).toEqual({
      ok: false,
      error: { code: 'unsupportedFormat', format: 'mp3' },
    });
    const stereo = { sampleRate: 22050, channels: [decoded.channels[0]!, decoded.channels[0]!] };
    expect(await normalizeTake({ ...mp3Take, decoded: stereo }, -16, { lameWasm: readLameWasm })).toEqual({
      ok: false,
      error: { code: 'unsupportedFormat', format: 'mp3', channels: 2 },
    });
  });
});
