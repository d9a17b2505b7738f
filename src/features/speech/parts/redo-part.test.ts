import { describe, expect, it } from 'vitest';
import type { AudioFormat } from '@/contract';
import { joinAudio } from '../audio/join-audio';
import { mergeSegments } from '../long-text/merge-segments';
import { pcmToWav, type PcmFormat } from '../audio/pcm-to-wav';
import type { SampleFormat } from '../audio/sample-container';
import type { TakePart } from '../take/take';
import { readWavLayout } from '../audio/wav-layout';
import { redoPart, type JoinedTake } from './redo-part';

const PCM: PcmFormat = { sampleRate: 8000, channels: 1, bitsPerSample: 16 };
const FRAME_MS = 1000 / PCM.sampleRate;

/** `frames` 16-bit samples, each distinct (a ramp from `seed`), so any move or change shows. */
const samples = (frames: number, seed: number) => {
  const out = new Uint8Array(frames * 2);
  const view = new DataView(out.buffer);
  for (let i = 0; i < frames; i++) view.setInt16(i * 2, ((seed * 1000 + i * 7) % 30000) + 1, true);
  return out;
};
const segment = (index: number, startMs: number, endMs: number, text: string) => ({ index, startMs, endMs, text });
const segmentsOf = (frames: number, label: string) => [
  segment(0, 0, (frames * FRAME_MS) / 2, `${label} a`),
  segment(1, (frames * FRAME_MS) / 2, frames * FRAME_MS, `${label} b`),
];
const bytesOf = async (blob: Blob) => new Uint8Array(await blob.arrayBuffer());

/** Per sample format: a file of raw samples, where its data starts, and what its header says of the data's size. */
const SAMPLE_FILE: Record<
  SampleFormat,
  { of: (raw: Uint8Array<ArrayBuffer>) => Uint8Array<ArrayBuffer>; dataOffset: (audio: Blob) => Promise<number> }
> = {
  wav: { of: (raw) => pcmToWav(raw, PCM), dataOffset: async (audio) => (await readWavLayout(audio)).dataOffset },
  pcm: { of: (raw) => raw, dataOffset: () => Promise.resolve(0) },
};

/** A joined take of parts as the long synthesis makes it (the real joiner). */
async function joinedTake(format: SampleFormat, lengths: number[]): Promise<JoinedTake & { format: SampleFormat }> {
  const raw = lengths.map((n, i) => samples(n, i + 1));
  const audios = raw.map((r) => new Blob([SAMPLE_FILE[format].of(r)]));
  const joined = await joinAudio(audios, format, PCM);
  const parts: TakePart[] = lengths.map((_, i) => ({ text: `Part ${i + 1}.`, startMs: joined.startsMs[i]!, taskId: `t${i + 1}` }));
  const speeches = mergeSegments(lengths.map((n, i) => ({ speeches: segmentsOf(n, `p${i + 1}`), startMs: joined.startsMs[i]! })));
  return { format, pcmFormat: PCM, audio: joined.audio, parts, speeches, sourceText: parts.map((p) => p.text).join(' ') };
}

/** The data bytes of each part in a joined WAV/PCM, cut at the parts' starts. */
async function partBytes(take: JoinedTake & { format: SampleFormat }): Promise<Uint8Array[]> {
  const offset = await SAMPLE_FILE[take.format].dataOffset(take.audio);
  const data = (await bytesOf(take.audio)).subarray(offset);
  const at = (ms: number) => Math.round((ms * PCM.sampleRate) / 1000) * 2;
  return take.parts.map((p, i) => data.subarray(at(p.startMs), i + 1 < take.parts.length ? at(take.parts[i + 1]!.startMs) : data.length));
}

describe('redoPart', () => {
  it.each(['wav', 'pcm'] as const)("keeps the other parts' samples byte for byte (%s), and shifts what follows", async (format) => {
    const take = await joinedTake(format, [800, 1200, 600]);
    const before = await partBytes(take);
    const replacement = samples(2000, 9);
    const out = await redoPart(take, 1, {
      format,
      audio: new Blob([SAMPLE_FILE[format].of(replacement)]),
      speeches: segmentsOf(2000, 'new'),
      taskId: 'redo-1',
      text: 'Part two, edited.',
    });
    if (!out.ok) throw new Error(out.error.code);
    const after = await partBytes({ ...take, audio: out.audio, parts: out.parts });
    expect(after[0]).toEqual(before[0]);
    expect(after[2]).toEqual(before[2]);
    // The new part: its own samples, faded in and out over 5 ms (40 frames) where it meets the others.
    expect(after[1]!.length).toBe(replacement.length);
    expect(after[1]!.subarray(80, -80)).toEqual(replacement.subarray(80, -80));
    expect(after[1]!.subarray(0, 80)).not.toEqual(replacement.subarray(0, 80));
    expect(out.durationMs).toBeCloseTo((800 + 2000 + 600) * FRAME_MS, 6);
    const delta = (2000 - 1200) * FRAME_MS;
    expect(out.parts.map((p) => p.startMs)).toEqual([0, take.parts[1]!.startMs, take.parts[2]!.startMs + delta]);
    expect(out.parts.map((p) => p.redone)).toEqual([undefined, 1, undefined]);
    expect(out.parts[1]).toMatchObject({ text: 'Part two, edited.', taskId: 'redo-1' });
    expect(out.sourceText).toBe('Part 1. Part two, edited. Part 3.');
    const times = (out.speeches as { startMs: number; endMs: number; text: string; index: number }[]).map((s) => [
      s.text,
      s.startMs,
      s.endMs,
      s.index,
    ]);
    expect(times).toEqual([
      ['p1 a', 0, 50, 0],
      ['p1 b', 50, 100, 1],
      ['new a', 100, 225, 2],
      ['new b', 225, 350, 3],
      ['p3 a', 250 + delta, 287.5 + delta, 4],
      ['p3 b', 287.5 + delta, 325 + delta, 5],
    ]);
    // The WAV header says the new data size (PCM has none to say it).
    const offset = await SAMPLE_FILE[format].dataOffset(out.audio);
    if (offset > 0) expect(new DataView((await bytesOf(out.audio)).buffer).getUint32(offset - 4, true)).toBe((800 + 2000 + 600) * 2);
  });

  it('keeps segments of a shape it does not know with the part before them', async () => {
    const take = await joinedTake('pcm', [800, 1200, 600]);
    const speeches = [...take.speeches];
    speeches.splice(4, 0, { note: 'of part 2' }); // after part 2's segments
    speeches.push({ note: 'of part 3' });
    const out = await redoPart({ ...take, speeches }, 1, { format: 'pcm', audio: new Blob([samples(400, 5)]), speeches: [], taskId: 'n' });
    if (!out.ok) throw new Error(out.error.code);
    expect(out.speeches.map((s) => (s as { text?: string; note?: string }).text ?? (s as { note: string }).note)).toEqual([
      'p1 a',
      'p1 b',
      'p3 a',
      'p3 b',
      'of part 3',
    ]);
  });

  it('redoes the first and the last part, and counts a part redone twice', async () => {
    const take = await joinedTake('wav', [800, 1200, 600]);
    const before = await partBytes(take);
    const redo = (t: JoinedTake, i: number, frames: number) =>
      redoPart(t, i, {
        format: 'wav',
        audio: new Blob([pcmToWav(samples(frames, 20 + i), PCM)]),
        speeches: segmentsOf(frames, `r${i}`),
        taskId: `r${i}`,
      });
    const first = await redo(take, 0, 400);
    if (!first.ok) throw new Error(first.error.code);
    const t1 = { ...take, ...first };
    const last = await redo(t1, 2, 1000);
    if (!last.ok) throw new Error(last.error.code);
    const t2 = { ...t1, ...last };
    const after = await partBytes(t2);
    expect(after[1]).toEqual(before[1]);
    // The first part has no join before it: only its end is faded; the last only its start.
    expect(after[0]!.subarray(0, 700)).toEqual(samples(400, 20).subarray(0, 700));
    expect(after[2]!.subarray(80)).toEqual(samples(1000, 22).subarray(80));
    expect(t2.parts.map((p) => p.startMs)).toEqual([0, 50, 200]);
    const again = await redo(t2, 2, 1000);
    if (!again.ok) throw new Error(again.error.code);
    expect(again.parts.map((p) => p.redone)).toEqual([1, undefined, 2]);
  });

  it('rejects audio in another format or sample format, and a part that does not exist, with codes', async () => {
    const take = await joinedTake('wav', [800, 1200]);
    const of = (audio: Blob, format: AudioFormat = 'wav') => ({ format, audio, speeches: [], taskId: 'x' });
    expect(await redoPart(take, 0, of(new Blob([samples(10, 1)]), 'mp3'))).toEqual({
      ok: false,
      error: { code: 'formatMismatch', expected: 'wav', got: 'mp3' },
    });
    const other = { ...PCM, sampleRate: 16000 };
    expect(await redoPart(take, 0, of(new Blob([pcmToWav(samples(10, 1), other)])))).toEqual({
      ok: false,
      error: { code: 'sampleFormatMismatch', expected: PCM, got: other },
    });
    expect(await redoPart(take, 2, of(new Blob([pcmToWav(samples(10, 1), PCM)])))).toEqual({
      ok: false,
      error: { code: 'noSuchPart', index: 2, parts: 2 },
    });
  });

  it("rejoins MP3 parts by frames: the other parts' frames byte for byte, a new Xing frame", async () => {
    // MPEG-2 Layer III, 64 kbit/s, 22,050 Hz, mono: 208-byte frames of 576 samples; payload marks the part.
    const frame = (mark: number) => {
      const f = new Uint8Array(208).fill(mark);
      f.set([0xff, 0xf3, 0x80, 0xc0]);
      return f;
    };
    const frames = (count: number, mark: number) => new Blob(Array.from({ length: count }, () => frame(mark)));
    const joined = await joinAudio([frames(3, 1), frames(2, 2), frames(4, 3)], 'mp3', PCM);
    const ms = (576 * 1000) / 22050;
    const parts: TakePart[] = joined.startsMs.map((startMs, i) => ({ text: `${i}`, startMs, taskId: `${i}` }));
    const speeches = mergeSegments(joined.startsMs.map((startMs, i) => ({ speeches: [segment(0, 0, ms, `p${i}`)], startMs })));
    const take: JoinedTake = { format: 'mp3', pcmFormat: PCM, audio: joined.audio, parts, speeches, sourceText: '0 1 2' };
    const out = await redoPart(take, 1, { format: 'mp3', audio: frames(5, 9), speeches: [segment(0, 0, ms, 'new')], taskId: 'n' });
    if (!out.ok) throw new Error(out.error.code);
    const bytes = await bytesOf(out.audio);
    const old = await bytesOf(joined.audio);
    expect(bytes.length).toBe(13 * 208); // Xing + 3 + 5 + 4
    expect(bytes.subarray(208, 4 * 208)).toEqual(old.subarray(208, 4 * 208));
    expect([...bytes.subarray(4 * 208, 9 * 208)].filter((b, i) => i % 208 >= 4 && b !== 9)).toEqual([]);
    expect(bytes.subarray(9 * 208)).toEqual(old.subarray(6 * 208));
    expect(new DataView(bytes.buffer).getUint32(21)).toBe(12);
    expect(out.parts.map((p) => p.startMs)).toEqual([0, 3 * ms, 8 * ms].map((x) => expect.closeTo(x, 6) as unknown as number));
    expect((out.speeches as { startMs: number }[]).map((s) => s.startMs)).toEqual(
      [0, 3 * ms, 8 * ms].map((x) => expect.closeTo(x, 6) as unknown as number),
    );
  });
});
