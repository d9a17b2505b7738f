import type { DBSchema } from 'idb';
import type { AudioFormat, SpeechRequest, SpeechResult } from '@/contract';
import type { PcmFormat } from '../../audio';
import type { ScriptRow } from '../import/import-script';
import { speechDb } from '../../storage';

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

// Version 3 of the database added these two, so a reload resumes the script tab's queue and its finished lines.
interface ScriptStores extends DBSchema {
  scripts: { key: string; value: StoredScript };
  scriptTakes: { key: [string, number]; value: StoredScriptTake };
}

const db = () => speechDb<ScriptStores>();

/** The script kept for a reload: the newest one (one is made at a time). */
export async function latestScript(): Promise<StoredScript | null> {
  const scripts = await (await db()).getAll('scripts');
  return scripts.sort((a, b) => b.createdAt - a.createdAt)[0] ?? null;
}

/** A new script replaces the kept one and its lines' audio. */
export async function startScript(script: StoredScript): Promise<void> {
  const tx = (await db()).transaction(['scripts', 'scriptTakes'], 'readwrite');
  await Promise.all([tx.objectStore('scripts').clear(), tx.objectStore('scriptTakes').clear()]);
  await tx.objectStore('scripts').put(script);
  await tx.done;
}

/** The queue's state after a change (writes on one connection land in order, so the last one wins). */
export async function saveScriptQueue(id: string, queue: string): Promise<void> {
  const tx = (await db()).transaction('scripts', 'readwrite');
  const script = await tx.store.get(id);
  if (script) await tx.store.put({ ...script, queue });
  await tx.done;
}

export async function saveScriptTake(take: StoredScriptTake): Promise<void> {
  await (await db()).put('scriptTakes', take);
}

const ofScript = (scriptId: string) => IDBKeyRange.bound([scriptId, 0], [scriptId, Number.MAX_SAFE_INTEGER]);

export async function readScriptTakes(scriptId: string): Promise<StoredScriptTake[]> {
  return (await db()).getAll('scriptTakes', ofScript(scriptId));
}

export async function discardScript(): Promise<void> {
  const tx = (await db()).transaction(['scripts', 'scriptTakes'], 'readwrite');
  await Promise.all([tx.objectStore('scripts').clear(), tx.objectStore('scriptTakes').clear(), tx.done]);
}
