import { describe, expect, it } from 'vitest';
import { createMp3Stream, encodeMp3, mp3File } from './audio-encode.mjs';
import { decodeMp3WithFfmpeg, mp3Frames, rmsOf } from './audio-probe';
import { createMp3Pipeline, encodeMp3InParts } from './mp3-pipeline.mjs';
import { silentRuns } from './pcm-ops.mjs';

/** Speech-like audio: 1.5 s tones (changing pitch) between 0.3 s silences, like sentences and gaps. */
function sentences(count: number): Int16Array {
  const tone = 33075;
  const gap = 6615;
  const out = new Int16Array(count * (tone + gap));
  for (let s = 0; s < count; s++) {
    const at = s * (tone + gap);
    for (let i = 0; i < tone; i++) out[at + i] = Math.round(8000 * Math.sin((i * (200 + 40 * s) * 2 * Math.PI) / 22050));
  }
  return out;
}

/** Loudest decoded sample inside the input's silences, allowing for LAME's 1105-sample delay. */
function loudestInGaps(decoded: Int16Array, count: number): number {
  let loudest = 0;
  for (let s = 0; s < count; s++) {
    const from = s * 39690 + 33075 + 1105 + 300;
    for (let i = from; i < from + 6615 - 600; i++) loudest = Math.max(loudest, Math.abs(decoded[i] ?? 0));
  }
  return loudest;
}

describe('MP3 in parts', () => {
  const audio = sentences(12);

  it('makes as many frames as one stream, whichever thread encodes which part', async () => {
    const one = mp3Frames(await encodeMp3(audio)).frames;
    for (const useHelper of [false, true]) {
      const parts = await encodeMp3InParts(audio, { minPartSamples: 2 * 22050, useHelper });
      expect(mp3Frames(parts).frames).toBe(one);
    }
  });

  it('cuts only in quiet runs: the joins decode as quiet as one stream, the sound as loud', async () => {
    const whole = decodeMp3WithFfmpeg(mp3File(await encodeMp3(audio)));
    const joined = decodeMp3WithFfmpeg(mp3File(await encodeMp3InParts(audio, { minPartSamples: 2 * 22050 })));
    if (!whole || !joined) return; // ffmpeg not installed: the frame count above still holds
    expect(joined.length).toBe(whole.length);
    expect(loudestInGaps(joined, 12)).toBeLessThanOrEqual(Math.max(200, loudestInGaps(whole, 12) * 2));
    expect(rmsOf(joined)).toBeGreaterThan(rmsOf(whole) * 0.95);
    expect(rmsOf(joined)).toBeLessThan(rmsOf(whole) * 1.05);
  });

  it('cuts where every quiet run long enough allows, whether the audio grows a little at a time or comes whole', () => {
    // A quiet run that starts before the first cut may come (44,100) and ends just after it.
    const padded = audio.slice();
    padded.fill(0, 40_000, 46_500);
    // The rule, over all runs: a cut at a multiple of 576 at least 576 before a run's end and
    // 1,728 after its start, at least minPartSamples after the last cut (a run still open at the end does not count).
    const expected: number[] = [];
    for (const [start, end] of silentRuns(padded, 2304)) {
      const cut = Math.floor((end - 576) / 576) * 576;
      if (end < padded.length && cut - 1728 >= start && cut - (expected.at(-1) ?? 0) >= 44_100) expected.push(cut);
    }
    expect(expected.length).toBeGreaterThan(3);
    const whole = createMp3Pipeline({ minPartSamples: 44_100, useHelper: false });
    whole.scan(padded);
    expect(whole.cuts()).toEqual(expected);
    const growing = createMp3Pipeline({ minPartSamples: 44_100, useHelper: false });
    for (let at = 1000; at < padded.length; at += 1000) growing.scan(padded.subarray(0, at));
    growing.scan(padded);
    expect(growing.cuts()).toEqual(expected);
  });

  it('keeps one part when there is no quiet run to cut in', async () => {
    const loud = Int16Array.from({ length: 5 * 22050 }, (_, i) => Math.round(8000 * Math.sin(i / 5)));
    const pipeline = createMp3Pipeline({ minPartSamples: 22050, useHelper: false });
    pipeline.scan(loud);
    expect(await pipeline.finish(loud)).toEqual(await encodeMp3(loud));
  });

  it('keeps two jobs apart when their parts reach the helper interleaved', async () => {
    const other = sentences(9).map((x) => x >> 1);
    const a = createMp3Pipeline({ minPartSamples: 22050 });
    const b = createMp3Pipeline({ minPartSamples: 22050 });
    // Half of each, in turns: the helper sees parts of a and b one after the other.
    a.scan(audio.subarray(0, audio.length >> 1));
    b.scan(other.subarray(0, other.length >> 1));
    a.scan(audio);
    b.scan(other);
    const [fromA, fromB] = await Promise.all([a.finish(audio), b.finish(other)]);
    expect(mp3Frames(fromA).frames).toBe(mp3Frames(await encodeMp3(audio)).frames);
    expect(mp3Frames(fromB).frames).toBe(mp3Frames(await encodeMp3(other)).frames);
    const decodedA = decodeMp3WithFfmpeg(mp3File(fromA));
    const decodedB = decodeMp3WithFfmpeg(mp3File(fromB));
    if (!decodedA || !decodedB) return;
    // b is a at half the amplitude (and fewer sentences): each decodes as loud as its own input.
    expect(rmsOf(decodedA) / rmsOf(audio)).toBeGreaterThan(0.9);
    expect(rmsOf(decodedB) / rmsOf(other)).toBeGreaterThan(0.9);
    expect(rmsOf(decodedA) / rmsOf(audio)).toBeLessThan(1.1);
    expect(rmsOf(decodedB) / rmsOf(other)).toBeLessThan(1.1);
  });

  it('encodes consecutive audio written in pieces as one stream would', async () => {
    const stream = await createMp3Stream();
    for (let at = 0; at < audio.length; at += 7777) stream.write(audio.subarray(at, at + 7777));
    expect(stream.end()).toEqual(await encodeMp3(audio));
  });

  it('leaves parts it cancelled for no one: a later finish of the same audio still makes all of them', async () => {
    const pipeline = createMp3Pipeline({ minPartSamples: 2 * 22050 });
    pipeline.scan(audio);
    pipeline.cancel();
    const again = await encodeMp3InParts(audio, { minPartSamples: 2 * 22050 });
    expect(mp3Frames(again).frames).toBe(mp3Frames(await encodeMp3(audio)).frames);
  });
});
