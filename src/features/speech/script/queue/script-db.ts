import type { DBSchema } from 'idb';
import type { AudioFormat, SpeechRequest, SpeechResult } from '@/contract';
import type { PcmFormat } from '../../audio';
import type { ImportReport, ScriptRow } from '../import/import-script';
import { readStoredAudio, speechDb, writeAudio, type StoredAudio } from '../../storage';

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

/**
 * What the Script tab holds before it is made: the box's text and the lines checked from it (or from a
 * file too long for the box), so a reload offers them back; `checked` is null until "Check lines".
 */
export type ScriptDraft = { text: string; checked: { rows: ScriptRow[]; report: ImportReport } | null };

// Version 3 of the database added the first two, so a reload resumes the script tab's queue and its finished
// lines; version 4 the draft, so checked lines not yet made come back too.
// As kept: the audio a Blob or, where the browser refuses Blobs (WebKit's ephemeral sessions), its bytes.
type KeptScriptTake = Omit<StoredScriptTake, 'audio'> & { audio: StoredAudio | null };

interface ScriptStores extends DBSchema {
  scripts: { key: string; value: StoredScript };
  scriptTakes: { key: [string, number]; value: KeptScriptTake };
  scriptDraft: { key: string; value: unknown };
}

const DRAFT_KEY = 'current';

const db = () => speechDb<ScriptStores>();

/** The script kept for a reload: the newest one (one is made at a time). */
export async function latestScript(): Promise<StoredScript | null> {
  const scripts = await (await db()).getAll('scripts');
  return scripts.sort((a, b) => b.createdAt - a.createdAt)[0] ?? null;
}

/**
 * A new script replaces the kept one and its lines' audio; the draft it was made from goes in the same
 * step, so a reload never offers the same lines both as a script and as lines to make.
 */
export async function startScript(script: StoredScript): Promise<void> {
  const tx = (await db()).transaction(['scripts', 'scriptTakes', 'scriptDraft'], 'readwrite');
  await Promise.all([tx.objectStore('scripts').clear(), tx.objectStore('scriptTakes').clear(), tx.objectStore('scriptDraft').clear()]);
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
  await writeAudio(take.audio, async (audio) => void (await (await db()).put('scriptTakes', { ...take, audio })));
}

const ofScript = (scriptId: string) => IDBKeyRange.bound([scriptId, 0], [scriptId, Number.MAX_SAFE_INTEGER]);

export async function readScriptTakes(scriptId: string): Promise<StoredScriptTake[]> {
  const kept = await (await db()).getAll('scriptTakes', ofScript(scriptId));
  return kept.map((take) => ({ ...take, audio: readStoredAudio(take.audio) }));
}

export async function discardScript(): Promise<void> {
  const tx = (await db()).transaction(['scripts', 'scriptTakes'], 'readwrite');
  await Promise.all([tx.objectStore('scripts').clear(), tx.objectStore('scriptTakes').clear(), tx.done]);
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

/** A kept draft as this console wrote it; anything else (another version's, damaged) is null, and the tab starts empty. */
function asDraft(kept: unknown): ScriptDraft | null {
  if (!isRecord(kept) || typeof kept.text !== 'string') return null;
  if (kept.checked === null) return { text: kept.text, checked: null };
  const checked = kept.checked;
  if (!isRecord(checked) || !Array.isArray(checked.rows) || !isRecord(checked.report)) return null;
  const { report } = checked;
  const lists = [report.unknownColumns, report.repeatedColumns, report.badRows, report.duplicateFileNames];
  if (!lists.every(Array.isArray) || typeof report.blankLines !== 'number' || typeof report.dataLines !== 'number') return null;
  return kept as ScriptDraft;
}

export async function keptScriptDraft(): Promise<ScriptDraft | null> {
  return asDraft(await (await db()).get('scriptDraft', DRAFT_KEY));
}

/** Keeps the draft (null or an empty one: forgets it). */
export async function keepScriptDraft(draft: ScriptDraft | null): Promise<void> {
  if (draft === null || (draft.text === '' && draft.checked === null)) await (await db()).delete('scriptDraft', DRAFT_KEY);
  else await (await db()).put('scriptDraft', draft, DRAFT_KEY);
}
