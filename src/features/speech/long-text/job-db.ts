import type { LongJob } from './long-job';
import type { DBSchema } from 'idb';
import type { SpeechResult } from '@/contract';
import { readStoredAudio, speechDb, writeAudio, type StoredAudio } from '../storage';

/** One finished part of a long synthesis, kept until the whole text is joined. */
export type StoredPart = { jobId: string; index: number; result: SpeechResult; audio: Blob; contentType: string };

// As kept: the audio a Blob or, where the browser refuses Blobs (WebKit's ephemeral sessions), its bytes.
type KeptPart = Omit<StoredPart, 'audio'> & { audio: StoredAudio };

interface JobStores extends DBSchema {
  jobs: { key: string; value: LongJob };
  parts: { key: [string, number]; value: KeptPart };
}

/** A kept part with its audio as a Blob again (an empty one if what was kept cannot be read). */
const asPart = (kept: KeptPart): StoredPart => ({
  ...kept,
  audio: readStoredAudio(kept.audio) ?? new Blob([], { type: kept.contentType }),
});

const db = () => speechDb<JobStores>();

export async function saveJob(job: LongJob): Promise<void> {
  await (await db()).put('jobs', job);
}

/** The newest unfinished long synthesis, if any (one runs at a time). */
export async function latestJob(): Promise<LongJob | null> {
  const jobs = await (await db()).getAll('jobs');
  return jobs.sort((a, b) => b.createdAt - a.createdAt)[0] ?? null;
}

const ofJob = (jobId: string) => IDBKeyRange.bound([jobId, 0], [jobId, Number.MAX_SAFE_INTEGER]);

/** Indexes of the parts already done (keys only: no audio is loaded). */
export async function doneParts(jobId: string): Promise<Set<number>> {
  const keys = await (await db()).getAllKeys('parts', ofJob(jobId));
  return new Set(keys.map(([, index]) => index));
}

export async function savePart(part: StoredPart): Promise<void> {
  await writeAudio(part.audio, async (audio) => void (await (await db()).put('parts', { ...part, audio: audio ?? part.audio })));
}

export async function readParts(jobId: string): Promise<StoredPart[]> {
  return (await (await db()).getAll('parts', ofJob(jobId))).map(asPart);
}

export async function deleteJob(jobId: string): Promise<void> {
  const tx = (await db()).transaction(['jobs', 'parts'], 'readwrite');
  await Promise.all([tx.objectStore('jobs').delete(jobId), tx.objectStore('parts').delete(ofJob(jobId)), tx.done]);
}

/** One stored part, its audio now backed by IndexedDB's copy rather than the download's. */
export async function readPart(jobId: string, index: number): Promise<StoredPart | undefined> {
  const kept = await (await db()).get('parts', [jobId, index]);
  return kept && asPart(kept);
}
