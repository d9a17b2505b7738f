import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { pcmToWav } from '../audio/pcm-to-wav';
import { integratedLoudness, truePeak } from './loudness';
import { channelsToPcm16, normalizeWav, pcm16ToChannels } from './normalize-wav';
import { HAS_FFMPEG } from '@/testing/audio-tools';

// eSpeak NG (en-us), 3.43 s, 22,050 Hz mono 16-bit: −21.4 LUFS, −3.6 dBTP. −16 LUFS needs +5.4 dB,
// the −1 dBTP ceiling leaves 2.6 dB: only a limiter gets there.
const espeak = readFileSync(join(process.cwd(), 'src/features/speech/loudness/fixtures/espeak-en-us.wav'));
const FORMAT = { sampleRate: 22050, channels: 1, bitsPerSample: 16 };
const pcmOf = (bytes: Uint8Array) => pcm16ToChannels(bytes.subarray(44), FORMAT);
const bytesOf = async (blob: Blob) => new Uint8Array(await blob.arrayBuffer());

/** Speech-like in its peaks: a 200 Hz tone with a 2 ms 3 kHz click near full scale every second (true peak − loudness ≈ 21 dB at 0.1). */
const peaky = (tone = 0.1) => {
  const x = Float32Array.from({ length: FORMAT.sampleRate * 4 }, (_, i) => {
    const t = i / FORMAT.sampleRate;
    const click = t % 1 < 0.002 ? 0.9 * Math.sin(2 * Math.PI * 3000 * t) : 0;
    return tone * Math.sin(2 * Math.PI * 200 * t) + click;
  });
  return new Blob([pcmToWav(channelsToPcm16({ sampleRate: FORMAT.sampleRate, channels: [x] }), FORMAT)]);
};

/** ffmpeg's own reading of a WAV (I in LUFS, true peak in dBFS, to 0.1), from the summary it prints on stderr. */
const ffmpegReads = (wav: Uint8Array): { lufs: number; peak: number } | null => {
  const dir = mkdtempSync(join(tmpdir(), 'limiter-'));
  try {
    const file = join(dir, 'out.wav');
    writeFileSync(file, wav);
    const run = spawnSync('ffmpeg', ['-hide_banner', '-nostats', '-i', file, '-af', 'ebur128=peak=true', '-f', 'null', '-'], {
      encoding: 'utf8',
    });
    const summary = run.stderr.slice(run.stderr.lastIndexOf('Summary:'));
    const lufs = /I:\s+(-?[\d.]+) LUFS/.exec(summary);
    const peak = /Peak:\s+(-?[\d.]+) dBFS/.exec(summary);
    return lufs && peak ? { lufs: Number(lufs[1]), peak: Number(peak[1]) } : null;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
};

describe('normalizeWav with the true-peak limiter', () => {
  it.each([-16, -23])('brings eSpeak speech to %d LUFS ±1 LU, never above −1 dBTP', async (target) => {
    const out = (await normalizeWav(new Blob([espeak]), target))!;
    const pcm = pcmOf(await bytesOf(out.audio));
    expect(Math.abs(integratedLoudness(pcm) - target)).toBeLessThanOrEqual(1);
    expect(truePeak(pcm)).toBeLessThanOrEqual(-1);
    expect(out.gain.limitedByPeak).toBe(false);
  });

  it('limits only when the plain gain would pass the ceiling: at −23 the file is the plain gain', async () => {
    const out = (await normalizeWav(new Blob([espeak]), -23))!;
    expect(out.gain.limiter).toBeUndefined();
    const plain = pcmOf(espeak).channels[0]!;
    const got = pcmOf(await bytesOf(out.audio)).channels[0]!;
    const g = 10 ** (out.gain.gainDb / 20);
    for (let i = 0; i < plain.length; i += 101) expect(Math.abs(got[i]! - plain[i]! * g)).toBeLessThanOrEqual(1 / 32768);
  });

  it('says how much the limiter took off at −16', async () => {
    const out = (await normalizeWav(new Blob([espeak]), -16))!;
    expect(out.gain.limiter?.maxReductionDb).toBeGreaterThan(2);
    expect(out.gain.limiter?.maxReductionDb).toBeLessThan(10);
    expect(out.gain.resultLufs).toBeCloseTo(-16, 0);
    expect(out.gain.gainDb).toBeGreaterThan(5);
  });

  it.each([-16, -23])('brings a peaky synthetic signal to %d LUFS ±1 LU under the ceiling', async (target) => {
    const wav = peaky();
    const before = pcmOf(await bytesOf(wav));
    expect(truePeak(before) - integratedLoudness(before)).toBeGreaterThan(18);
    const out = (await normalizeWav(wav, target))!;
    const pcm = pcmOf(await bytesOf(out.audio));
    expect(Math.abs(integratedLoudness(pcm) - target)).toBeLessThanOrEqual(1);
    expect(truePeak(pcm)).toBeLessThanOrEqual(-1);
  });

  it('limits both channels of a stereo take by one gain (the louder channel sets it)', async () => {
    const stereo = { ...FORMAT, channels: 2 };
    const left = pcmOf(espeak).channels[0]!;
    const right = left.map((s, i) => 0.5 * (left[(i + 500) % left.length] ?? 0));
    const wav = new Blob([pcmToWav(channelsToPcm16({ sampleRate: FORMAT.sampleRate, channels: [left, right] }), stereo)]);
    const out = (await normalizeWav(wav, -16))!;
    const pcm = pcm16ToChannels((await bytesOf(out.audio)).subarray(44), stereo);
    expect(Math.abs(integratedLoudness(pcm) - -16)).toBeLessThanOrEqual(1);
    expect(truePeak(pcm)).toBeLessThanOrEqual(-1);
    // One gain for both: at the sample where both channels are loudest, each was multiplied alike (within rounding).
    let at = 0;
    for (let i = 0; i < left.length; i++)
      if (Math.min(Math.abs(left[i]!), Math.abs(right[i]!)) > Math.min(Math.abs(left[at]!), Math.abs(right[at]!))) at = i;
    const g = pcm.channels[0]![at]! / left[at]!;
    expect(Math.abs(pcm.channels[1]![at]! / right[at]! / g - 1)).toBeLessThan(0.01);
  });

  it('stops at 10 dB of reduction and says the result is under the target (a crest of 24 dB at −16)', async () => {
    const out = (await normalizeWav(peaky(0.05), -16))!;
    const pcm = pcmOf(await bytesOf(out.audio));
    expect(out.gain.limitedByPeak).toBe(true);
    expect(out.gain.limiter!.maxReductionDb).toBeLessThanOrEqual(10.01);
    expect(out.gain.resultLufs).toBeLessThan(-16.5);
    expect(integratedLoudness(pcm)).toBeCloseTo(out.gain.resultLufs, 5);
    expect(truePeak(pcm)).toBeLessThanOrEqual(-1);
  });

  it.runIf(HAS_FFMPEG)("reads the same under ffmpeg's ebur128 (I within ±1 LU of −16, true peak ≤ −1.0 dBFS)", async () => {
    const out = (await normalizeWav(new Blob([espeak]), -16))!;
    const ffmpeg = ffmpegReads(await bytesOf(out.audio));
    expect(ffmpeg).not.toBeNull();
    expect(Math.abs(ffmpeg!.lufs - -16)).toBeLessThanOrEqual(1);
    expect(ffmpeg!.peak).toBeLessThanOrEqual(-1);
  });
});
