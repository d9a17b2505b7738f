import { randomBytes } from 'node:crypto';
import { mkdir, open, readFile, rename } from 'node:fs/promises';
import { join } from 'node:path';
import type { AudioFormat } from '../../../src/contract';
import type { StoredAudio } from './speech-service';

export type AudioMeta = {
  fileId: string;
  userId: string;
  format: AudioFormat;
  channel: number;
  appSource: string | null;
  durationMs: number;
  createdAt: number;
};

const CONTENT_TYPES: Record<AudioFormat, string> = {
  wav: 'audio/wav',
  mp3: 'audio/mpeg',
  // Raw s16le has no registered media type (audio/L16 is big-endian), so it is served as bytes.
  pcm: 'application/octet-stream',
};

const FILE_ID = /^[0-9a-f]{32}$/;

/** Write to a temp file, fsync, rename, fsync the directory: a kill -9 leaves old or new, never half. */
async function writeDurably(dir: string, name: string, bytes: Uint8Array): Promise<void> {
  const temp = join(dir, `.${name}.${randomBytes(4).toString('hex')}.tmp`);
  const file = await open(temp, 'w');
  try {
    await file.writeFile(bytes);
    await file.sync();
  } finally {
    await file.close();
  }
  await rename(temp, join(dir, name));
  const dirHandle = await open(dir, 'r');
  try {
    await dirHandle.sync();
  } finally {
    await dirHandle.close();
  }
}

/** Audio files under `<dataDir>/audio/`: `<fileId>.<format>` plus `<fileId>.json` metadata. */
export function createAudioStore(dataDir: string) {
  const dir = join(dataDir, 'audio');
  const ready = mkdir(dir, { recursive: true });

  return {
    async save(bytes: Uint8Array, meta: Omit<AudioMeta, 'fileId' | 'createdAt'>): Promise<AudioMeta> {
      await ready;
      const full: AudioMeta = { ...meta, fileId: randomBytes(16).toString('hex'), createdAt: Date.now() };
      await writeDurably(dir, `${full.fileId}.${full.format}`, bytes);
      // Metadata last: its presence means the audio is complete.
      await writeDurably(dir, `${full.fileId}.json`, new TextEncoder().encode(JSON.stringify(full)));
      return full;
    },
    async readMeta(fileId: string): Promise<AudioMeta | null> {
      if (!FILE_ID.test(fileId)) return null;
      try {
        return JSON.parse(await readFile(join(dir, `${fileId}.json`), 'utf8')) as AudioMeta;
      } catch {
        return null;
      }
    },
    async read(fileId: string): Promise<StoredAudio | null> {
      const meta = await this.readMeta(fileId);
      if (!meta) return null;
      const name = `${fileId}.${meta.format}`;
      try {
        const bytes = new Uint8Array(await readFile(join(dir, name)));
        return { bytes, contentType: CONTENT_TYPES[meta.format], fileName: name };
      } catch {
        return null;
      }
    },
  };
}

export type AudioStore = ReturnType<typeof createAudioStore>;
