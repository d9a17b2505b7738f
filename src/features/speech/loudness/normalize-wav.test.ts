import { describe, expect, it } from 'vitest';
import { pcmToWav } from '../audio/pcm-to-wav';
import { integratedLoudness } from './loudness';
import { channelsToPcm16, normalizeWav, pcm16ToChannels } from './normalize-wav';

const FORMAT = { sampleRate: 22050, channels: 1, bitsPerSample: 16 };
const sineWav = (dbfs: number, seconds = 4) => {
  const a = 10 ** (dbfs / 20);
  const x = Float32Array.from({ length: FORMAT.sampleRate * seconds }, (_, i) => a * Math.sin((2 * Math.PI * 997 * i) / FORMAT.sampleRate));
  return new Blob([pcmToWav(channelsToPcm16({ sampleRate: FORMAT.sampleRate, channels: [x] }), FORMAT)]);
};
const measure = async (wav: Blob) => integratedLoudness(pcm16ToChannels(new Uint8Array(await wav.slice(44).arrayBuffer()), FORMAT));

describe('normalizeWav', () => {
  it('brings a 16-bit WAV to −23 LUFS and the file measures so', async () => {
    const wav = sineWav(-30);
    expect(await measure(wav)).toBeCloseTo(-33.01, 1);
    const out = (await normalizeWav(wav, -23))!;
    expect(out.gain.gainDb).toBeCloseTo(10.01, 1);
    expect(out.audio.size).toBe(wav.size);
    expect(await measure(out.audio)).toBeCloseTo(-23, 1);
  });

  it('leaves a take already at the target as it was (no re-encoding)', async () => {
    const wav = sineWav(-19.99);
    const out = (await normalizeWav(wav, -23))!;
    expect(out.audio).toBe(wav);
  });

  it('round-trips 16-bit samples exactly', () => {
    const bytes = Uint8Array.from([0, 0, 0xff, 0x7f, 0x00, 0x80, 0x34, 0x12]);
    expect(channelsToPcm16(pcm16ToChannels(bytes, { ...FORMAT, channels: 2 }))).toEqual(bytes);
  });
});
