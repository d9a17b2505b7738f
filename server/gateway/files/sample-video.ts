import { readFile } from 'node:fs/promises';

/** A real 2 s, 320x180 H.264/AAC MP4 (testsrc + 440 Hz tone) that every finished task yields. */
const SAMPLE_URL = new URL('./assets/sample-result.mp4', import.meta.url);
let cached: Promise<Uint8Array> | undefined;

export function readSampleVideo(): Promise<Uint8Array> {
  cached ??= readFile(SAMPLE_URL).then((b) => new Uint8Array(b.buffer, b.byteOffset, b.byteLength));
  cached.catch(() => (cached = undefined));
  return cached;
}
