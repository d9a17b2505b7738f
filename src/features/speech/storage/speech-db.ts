import { openDB, type DBSchema } from 'idb';
import type { AudioFormat, SpeechRequest, SpeechResult } from '@/contract/index';
import type { LongJob } from '../long-text/long-job';
import type { PcmFormat } from '../audio/pcm-to-wav';
import type { ScriptRow } from '../script/import/import-script';
import type { Take } from '../take/take';

/** One finished part of a long synthesis, kept until the whole text is joined. */
export type StoredPart = { jobId: string; index: number; result: SpeechResult; audio: Blob; contentType: string };

/** The script being made (one at a time): its rows and its queue's state (serializeQueue), kept on every change. */
export type StoredScript = { id: string; createdAt: number; rows: ScriptRow[]; queue: string };

/** One finished line of a script: what was sent, the answer and its audio (null when the page could not keep it). */
export type StoredScriptTake = {
  scriptId: string;
  line: number;
  request: SpeechRequest;
  result: SpeechResult;
  audio: Blob | null;
  format: AudioFormat;
  pcmFormat: PcmFormat;
  durationMs: number | null;
};

interface SpeechDb extends DBSchema {
  takes: { key: string; value: Take };
  // Audio lives in its own store so listing history never loads megabytes of sound.
  audio: { key: string; value: Blob };
  jobs: { key: string; value: LongJob };
  parts: { key: [string, number]; value: StoredPart };
  // Version 3: the script tab's queue and its finished lines, so a reload resumes.
  scripts: { key: string; value: StoredScript };
  scriptTakes: { key: [string, number]; value: StoredScriptTake };
}

// Name and the version 1 stores as the first hand-written wrapper made them, so existing history opens as is.
const DB_NAME = 'console.speech.history';

let opening: ReturnType<typeof open> | null = null;

function open() {
  return openDB<SpeechDb>(DB_NAME, 3, {
    // By store rather than by version: a database some other code opened empty still gets every store.
    upgrade(db) {
      if (!db.objectStoreNames.contains('takes')) db.createObjectStore('takes', { keyPath: 'id' });
      if (!db.objectStoreNames.contains('audio')) db.createObjectStore('audio');
      if (!db.objectStoreNames.contains('jobs')) db.createObjectStore('jobs', { keyPath: 'id' });
      if (!db.objectStoreNames.contains('parts')) db.createObjectStore('parts', { keyPath: ['jobId', 'index'] });
      if (!db.objectStoreNames.contains('scripts')) db.createObjectStore('scripts', { keyPath: 'id' });
      if (!db.objectStoreNames.contains('scriptTakes')) db.createObjectStore('scriptTakes', { keyPath: ['scriptId', 'line'] });
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
