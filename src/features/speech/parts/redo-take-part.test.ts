import { describe, expect, it, vi } from 'vitest';
import type { Connection } from '@/lib/connection-profile';
import { joinAudio } from '../audio/join-audio';
import { pcmToWav, type PcmFormat } from '../audio/pcm-to-wav';
import { RedoPartError } from './redo-failure';
import type { LoadedTake, Take } from '../take/take';
import { redoTakePart } from './redo-take-part';

const PCM: PcmFormat = { sampleRate: 8000, channels: 1, bitsPerSample: 16 };
const samples = (frames: number, seed: number) => {
  const out = new Uint8Array(frames * 2);
  const view = new DataView(out.buffer);
  for (let i = 0; i < frames; i++) view.setInt16(i * 2, ((seed * 1000 + i * 7) % 30000) + 1, true);
  return out;
};
const connection = { baseUrl: 'http://gw', userId: '1', token: 'secret' } as unknown as Connection;

async function joined(): Promise<LoadedTake> {
  const { audio, startsMs } = await joinAudio(
    [800, 1200, 600].map((n, i) => new Blob([pcmToWav(samples(n, i + 1), PCM)])),
    'wav',
    PCM,
  );
  const take = {
    id: 'take-1',
    format: 'wav',
    pcmFormat: PCM,
    request: { sourceText: 'One. Two. Three.', voiceName: 'en-us', format: 'wav' },
    result: { taskId: 't1', speeches: [] },
    audio: { kept: true, contentType: 'audio/wav', byteLength: audio.size },
    parts: ['One.', 'Two.', 'Three.'].map((text, i) => ({ text, startMs: startsMs[i]!, taskId: `t${i + 1}` })),
    loudness: { normalized: false, targetLufs: -16, reason: 'unreadable' },
  } as unknown as Take;
  return { take, audio };
}

function fakeMakeTake(frames: number, format: Take['format'] = 'wav') {
  return vi.fn(async ({ request }: { request: Take['request'] }) => ({
    take: {
      format,
      result: { taskId: 'redo-1', speeches: [{ index: 0, startMs: 0, endMs: 100, text: request.sourceText }] },
    } as unknown as Take,
    audio: new Blob([pcmToWav(samples(frames, 9), PCM)]),
  }));
}
const keep = async (l: LoadedTake, _target: number | null) => l;

describe('redoTakePart', () => {
  it("sends the part's text with the take's own request, rejoins, and keeps the take's ID", async () => {
    const loaded = await joined();
    const makeTake = fakeMakeTake(400);
    const out = await redoTakePart(loaded, 2, 'Three, edited.', connection, null, new AbortController().signal, {
      makeTake,
      normalize: keep,
    });
    expect(makeTake.mock.calls[0]![0].request).toEqual({ sourceText: 'Three, edited.', voiceName: 'en-us', format: 'wav' });
    expect(out.take.id).toBe('take-1');
    expect(out.take.parts![2]).toMatchObject({ text: 'Three, edited.', taskId: 'redo-1', redone: 1 });
    expect(out.take.request.sourceText).toBe('One. Two. Three, edited.');
    expect(out.audio!.size).toBe(loaded.audio!.size - 200 * 2);
    expect(out.take.audio).toEqual({ kept: true, contentType: 'audio/wav', byteLength: out.audio!.size });
    // The old loudness note was about the old audio.
    expect(out.take.loudness).toBeUndefined();
    const head = async (b: Blob) => new Uint8Array(await b.slice(44, 44 + 2000 * 2).arrayBuffer());
    expect(await head(out.audio!)).toEqual(await head(loaded.audio!));
  });

  it('brings the rejoined take to the loudness target when one is set', async () => {
    const normalize = vi.fn(keep);
    await redoTakePart(await joined(), 0, undefined, connection, -16, new AbortController().signal, {
      makeTake: fakeMakeTake(800),
      normalize,
    });
    expect(normalize.mock.calls[0]![1]).toBe(-16);
  });

  it('refuses another format with the redo code, and changes nothing', async () => {
    const run = redoTakePart(await joined(), 1, undefined, connection, null, new AbortController().signal, {
      makeTake: fakeMakeTake(800, 'mp3'),
      normalize: keep,
    });
    await expect(run).rejects.toBeInstanceOf(RedoPartError);
    await expect(run).rejects.toMatchObject({ index: 1, reason: { code: 'formatMismatch', expected: 'wav', got: 'mp3' } });
  });
});
