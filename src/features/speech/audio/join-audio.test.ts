import { describe, expect, it } from 'vitest';
import { joinAudio } from './join-audio';
import { pcmToWav, type PcmFormat } from './pcm-to-wav';
import { readWavLayout } from './wav-layout';

const PCM: PcmFormat = { sampleRate: 8000, channels: 1, bitsPerSample: 16 };
const FADE_FRAMES = 40; // 5 ms at 8 kHz

/** 16-bit mono samples all at `value`. */
function samples(count: number, value: number): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(count * 2);
  const view = new DataView(out.buffer);
  for (let i = 0; i < count; i++) view.setInt16(i * 2, value, true);
  return out;
}

const int16s = async (blob: Blob, from = 0) => {
  const buffer = await blob.slice(from).arrayBuffer();
  return Array.from(new Int16Array(buffer));
};

describe('joinAudio', () => {
  it('joins WAV parts sample-accurately under one header, fading only at the joins', async () => {
    const parts = [new Blob([pcmToWav(samples(800, 1000), PCM)]), new Blob([pcmToWav(samples(400, -2000), PCM)])];
    const joined = await joinAudio(parts, 'wav', PCM);
    const layout = await readWavLayout(joined.audio);
    expect(layout).toEqual({ format: PCM, dataOffset: 44, dataBytes: 2400 });
    expect(joined.startsMs).toEqual([0, 100]);
    expect(joined.durationMs).toBe(150);
    const s = await int16s(joined.audio, 44);
    expect(s).toHaveLength(1200);
    // Untouched before the fade, silent at the join from both sides, full again after it.
    expect(s[0]).toBe(1000);
    expect(s[800 - FADE_FRAMES - 1]).toBe(1000);
    expect(Math.abs(s[799]!)).toBeLessThan(1000 / FADE_FRAMES + 1);
    expect(s[800]).toBe(0);
    expect(s[800 + FADE_FRAMES]).toBe(-2000);
    expect(s[1199]).toBe(-2000);
    // Monotonic fade: no step larger than one fade increment.
    for (let i = 800 - FADE_FRAMES; i < 800; i++) expect(s[i]! - s[i + 1]!).toBeLessThanOrEqual(1000 / FADE_FRAMES + 1);
  });

  it('joins raw PCM parts without a header and drops a trailing half frame', async () => {
    const joined = await joinAudio([new Blob([samples(80, 5), new Uint8Array([1])]), new Blob([samples(80, 5)])], 'pcm', PCM);
    expect(joined.audio.size).toBe(320);
    expect(joined.startsMs).toEqual([0, 10]);
  });

  it('refuses parts in different sample formats', async () => {
    const other = { ...PCM, sampleRate: 16000 };
    const parts = [new Blob([pcmToWav(samples(10, 1), PCM)]), new Blob([pcmToWav(samples(10, 1), other)])];
    await expect(joinAudio(parts, 'wav', PCM)).rejects.toThrow('different sample formats');
  });

  it("joins MP3 parts by frames under one new Xing frame, leaving out ID3 tags and the parts' Xing/Info frames", async () => {
    // MPEG-2 Layer III, 64 kbit/s, 22,050 Hz, mono: 208-byte frames of 576 samples.
    const frame = (info = false) => {
      const f = new Uint8Array(208);
      f.set([0xff, 0xf3, 0x80, 0xc0]);
      if (info)
        f.set(
          [...'Info'].map((c) => c.charCodeAt(0)),
          13,
        );
      return f;
    };
    const id3 = new Uint8Array([0x49, 0x44, 0x33, 4, 0, 0, 0, 0, 0, 5, 1, 2, 3, 4, 5]);
    const tag = new Uint8Array(128).fill(0x54);
    const a = new Blob([id3, frame(true), frame(), frame(), frame()]);
    const b = new Blob([frame(), frame(), tag]);
    const joined = await joinAudio([a, b], 'mp3', PCM);
    expect(joined.audio.size).toBe(6 * 208);
    expect(joined.audio.type).toBe('audio/mpeg');
    expect(joined.startsMs[1]).toBeCloseTo((3 * 576 * 1000) / 22050, 6);
    const bytes = new Uint8Array(await joined.audio.arrayBuffer());
    const view = new DataView(bytes.buffer);
    expect(String.fromCharCode(...bytes.subarray(13, 17))).toBe('Xing');
    expect([view.getUint32(21), view.getUint32(25)]).toEqual([5, 6 * 208]);
    expect([bytes[208], bytes[209], bytes[208 * 4], bytes[208 * 4 + 1]]).toEqual([0xff, 0xf3, 0xff, 0xf3]);
    expect(String.fromCharCode(...bytes.subarray(208 + 13, 208 + 17))).not.toBe('Info');
  });
});
