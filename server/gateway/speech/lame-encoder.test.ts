import { describe, expect, it } from 'vitest';
import { MP3_ALGORITHM_QUALITY, MP3_VBR_QUALITY, encodeMp3, joinBytes, mp3File } from './audio-encode.mjs';
import { decodeMp3WithFfmpeg, mp3Frames, rmsOf } from './audio-probe';
import { loadLameEncoder, type LameStream } from './lame-encoder.mjs';

const RATE = 22050;

/** Speech-like audio: tones of changing pitch and loudness between silences. */
function sentences(count: number): Int16Array {
  const out = new Int16Array(count * 40_000);
  for (let s = 0; s < count; s++) {
    const amplitude = 3000 + 2500 * (s % 3);
    for (let i = 0; i < 30_000; i++) {
      const t = i / RATE;
      out[s * 40_000 + i] = Math.round(amplitude * (Math.sin(2 * Math.PI * (180 + 35 * s) * t) + 0.4 * Math.sin(2 * Math.PI * 2400 * t)));
    }
  }
  return out;
}

const whole = (stream: LameStream, samples: Int16Array): Uint8Array => joinBytes([...stream.encode(samples), stream.flush()]);

describe('the shipped LAME build', () => {
  const audio = sentences(8);

  it('writes MPEG-2 Layer III frames at 22,050 Hz covering the input and LAME’s delay, at varying bitrates', async () => {
    const frames = await encodeMp3(audio);
    const parsed = mp3Frames(frames);
    expect(parsed.sampleRate).toBe(RATE);
    expect(parsed.frames).toBe(Math.ceil((audio.length + 1152) / 576));
    // VBR: the silences take the smallest frames, the tones larger ones.
    expect(parsed.kbps.size).toBeGreaterThan(2);
    expect(Math.min(...parsed.kbps)).toBeLessThanOrEqual(16);
  });

  it('decodes to the input’s length and loudness (ffmpeg, when installed)', async () => {
    const decoded = decodeMp3WithFfmpeg(mp3File(await encodeMp3(audio)));
    if (!decoded) return; // no ffmpeg: the frame walk above still holds
    // The decoder plays LAME's 1,105-sample delay first; the Xing frame itself decodes to nothing.
    expect(decoded.length).toBeGreaterThanOrEqual(audio.length);
    expect(decoded.length).toBeLessThanOrEqual(audio.length + 1152 + 576);
    const heard = decoded.subarray(1105, 1105 + audio.length);
    expect(rmsOf(heard) / rmsOf(audio)).toBeGreaterThan(0.95);
    expect(rmsOf(heard) / rmsOf(audio)).toBeLessThan(1.05);
    let error = 0;
    for (let i = 0; i < audio.length; i++) error += (heard[i]! - audio[i]!) ** 2;
    // Signal-to-noise above 25 dB (≈ 35 here): the right sound in the right place, not merely as loud.
    expect(10 * Math.log10((rmsOf(audio) ** 2 * audio.length) / error)).toBeGreaterThan(25);
  });

  it('takes the VBR and algorithm quality it is given', async () => {
    const lame = await loadLameEncoder();
    const size = (vbr: number, quality: number) => whole(lame.open(RATE, vbr, quality), audio).length;
    expect(size(2, MP3_ALGORITHM_QUALITY)).toBeGreaterThan(size(MP3_VBR_QUALITY, MP3_ALGORITHM_QUALITY));
    expect(size(MP3_VBR_QUALITY, MP3_ALGORITHM_QUALITY)).toBeGreaterThan(size(9, MP3_ALGORITHM_QUALITY));
    // Algorithm quality 3 searches each band's step size, 7 computes it: other frames.
    const searched = whole(lame.open(RATE, MP3_VBR_QUALITY, 3), audio);
    const computed = whole(lame.open(RATE, MP3_VBR_QUALITY, 7), audio);
    expect(computed).not.toEqual(searched);
    expect(whole(lame.open(RATE, MP3_VBR_QUALITY, 7), audio)).toEqual(computed);
  });

  it('keeps streams apart: interleaved writes make what each makes alone', async () => {
    const lame = await loadLameEncoder();
    const quiet = audio.map((x) => x >> 2);
    const alone = [whole(lame.open(RATE, 6, 7), audio), whole(lame.open(RATE, 6, 7), quiet)];
    const a = lame.open(RATE, 6, 7);
    const b = lame.open(RATE, 6, 7);
    const half = audio.length >> 1;
    const chunksA = [...a.encode(audio.subarray(0, half))];
    const chunksB = [...b.encode(quiet.subarray(0, half))];
    chunksA.push(...a.encode(audio.subarray(half)), a.flush());
    chunksB.push(...b.encode(quiet.subarray(half)), b.flush());
    const join = (chunks: Uint8Array[]) => new Uint8Array(chunks.flatMap((c) => [...c]));
    expect(join(chunksA)).toEqual(alone[0]);
    expect(join(chunksB)).toEqual(alone[1]);
    expect(() => a.encode(audio)).toThrow(/already flushed/);
  });

  it('refuses settings LAME cannot encode', async () => {
    const lame = await loadLameEncoder();
    expect(() => lame.open(RATE * 100, 6, 7)).toThrow(/refused/);
  });
});
