import { openDB, type DBSchema } from 'idb';
import type { SpeechResult } from '@/contract';
import type { LongJob } from '../model/long-job';
import type { Take } from '../model/take';

/** One finished part of a long synthesis, kept until the whole text is joined. */
export type StoredPart = { jobId: string; index: number; result: SpeechResult; audio: Blob; contentType: string };

interface SpeechDb extends DBSchema {
  takes: { key: string; value: Take };
  // Audio lives in its own store so listing history never loads megabytes of sound.
  audio: { key: string; value: Blob };
  jobs: { key: string; value: LongJob };
  parts: { key: [string, number]; value: StoredPart };
}

// Name and the version 1 stores as the first hand-written wrapper made them, so existing history opens as is.
const DB_NAME = 'console.speech.history';

let opening: ReturnType<typeof open> | null = null;

function open() {
  return openDB<SpeechDb>(DB_NAME, 2, {
    // By store rather than by version: a database some other code opened empty still gets every store.
    upgrade(db) {
      if (!db.objectStoreNames.contains('takes')) db.createObjectStore('takes', { keyPath: 'id' });
      if (!db.objectStoreNames.contains('audio')) db.createObjectStore('audio');
      if (!db.objectStoreNames.contains('jobs')) db.createObjectStore('jobs', { keyPath: 'id' });
      if (!db.objectStoreNames.contains('parts')) db.createObjectStore('parts', { keyPath: ['jobId', 'index'] });
    },
    // A newer version of the console in another tab wants to upgrade: step aside, the next call reopens.
    blocking() {
      const closing = opening;
      opening = null;
      void closing?.then((db) => db.close());
    },
  });
}

export function speechDb() {
  opening ??= open().catch((e: unknown) => {
    opening = null;
    throw e;
  });
  return opening;
}
