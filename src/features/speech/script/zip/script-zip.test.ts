// @vitest-environment node
// Node, not jsdom: the zip is made in a worker, which has no DOM.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import type { SpeechRequest } from '@/contract';
import { makeScriptZip, type ZipJob } from './script-zip';
import { findMp3Frames } from '../../audio';
import { parseDelimited } from '../../lexicon/files/parse-delimited';
import { readLameWasm } from '@/testing/audio-tools';

const fixture = (name: string) => readFileSync(join(process.cwd(), 'src/features/speech/loudness/fixtures', name));
const wav = fixture('espeak-en-us.wav');
const mp3 = fixture('espeak-en-us.mp3');
const pcmFormat = { sampleRate: 22050, channels: 1, bitsPerSample: 16 };
// What the page's decoder gives for the MP3 fixture: the samples it was encoded from stand in (16-bit → float).
const samples = new Int16Array(wav.buffer.slice(wav.byteOffset + 44, wav.byteOffset + wav.byteLength));
const decoded = { sampleRate: 22050, channels: [Float32Array.from(samples, (s) => s / 32768)] };

const request = (format: SpeechRequest['format']): SpeechRequest => ({ sourceText: 'a', voiceName: 'en-us', format });
const base = { textSent: 'a', durationMs: 3430, pcmFormat, cues: [] };

async function zipOf(job: ZipJob) {
  const files = unzipSync(new Uint8Array(await (await makeScriptZip(job, undefined, readLameWasm)).arrayBuffer()));
  const manifest = parseDelimited(new TextDecoder().decode(files['manifest.csv']), ',').map((r) => r.fields);
  return { files, manifest };
}

describe('makeScriptZip with a loudness target', () => {
  it('brings an MP3 take to the target too: a new MP3 in the zip, its loudness in the manifest', async () => {
    const { files, manifest } = await zipOf({
      targetLufs: -16,
      takes: [
        { ...base, line: 1, audio: new Blob([wav]), format: 'wav', request: request('wav'), taskId: 'A' },
        { ...base, line: 2, audio: new Blob([mp3], { type: 'audio/mpeg' }), format: 'mp3', request: request('mp3'), taskId: 'B', decoded },
      ],
    });
    const loudness = manifest.slice(1).map((row) => row.at(-1));
    expect(loudness).toHaveLength(2);
    for (const cell of loudness) expect(cell).toMatch(/^target -16 LUFS: -1(6\.0|5\.9) LUFS, true peak -\d+\.\d dBTP$/);
    const made = files['line-2.mp3']!;
    expect(made).toBeDefined();
    expect(Buffer.from(made).equals(mp3)).toBe(false);
    expect(findMp3Frames(made).sampleRate).toBe(22050);
  }, 30_000);

  it('leaves an MP3 the page could not decode as it came, and the manifest says why', async () => {
    const { files, manifest } = await zipOf({
      targetLufs: -16,
      takes: [{ ...base, line: 1, audio: new Blob([mp3]), format: 'mp3', request: request('mp3'), taskId: 'B' }],
    });
    expect(Buffer.from(files['line-1.mp3']!).equals(mp3)).toBe(true);
    expect(manifest[1]!.at(-1)).toBe('unchanged (mp3, undecodable)');
  });
});
