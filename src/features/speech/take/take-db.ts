import type { DBSchema } from 'idb';
import type { Take } from './take';
import { readStoredAudio, speechDb, writeAudio, type StoredAudio } from '../storage';

interface TakeStores extends DBSchema {
  takes: { key: string; value: Take };
  // Audio lives in its own store so listing history never loads megabytes of sound.
  audio: { key: string; value: StoredAudio };
}

const db = () => speechDb<TakeStores>();

export async function listTakes(): Promise<Take[]> {
  const takes = await (await db()).getAll('takes');
  return takes.sort((a, b) => b.createdAt - a.createdAt);
}

export async function readAudio(id: string): Promise<Blob | null> {
  return readStoredAudio(await (await db()).get('audio', id));
}

export async function saveTake(take: Take, audioBlob: Blob | null): Promise<void> {
  // A Blob, not an ArrayBuffer, where the browser keeps one: IndexedDB would serialize megabytes of ArrayBuffer on
  // the main thread. WebKit's ephemeral sessions keep only the bytes (storage/stored-audio.ts).
  await writeAudio(audioBlob, async (audio) => {
    const tx = (await db()).transaction(['takes', 'audio'], 'readwrite');
    // The audio first: in WebKit's ephemeral sessions a transaction whose refused Blob put follows another request
    // neither completes nor aborts (measured in WebKitGTK 2.50), and the take was lost after a reload. First, it aborts.
    const audioPut = audio && tx.objectStore('audio').put(audio, take.id);
    await Promise.all([audioPut, tx.objectStore('takes').put(take), tx.done]);
  });
}

export async function deleteTake(id: string): Promise<void> {
  const tx = (await db()).transaction(['takes', 'audio'], 'readwrite');
  await Promise.all([tx.objectStore('takes').delete(id), tx.objectStore('audio').delete(id), tx.done]);
}

export async function clearTakes(): Promise<void> {
  const tx = (await db()).transaction(['takes', 'audio'], 'readwrite');
  await Promise.all([tx.objectStore('takes').clear(), tx.objectStore('audio').clear(), tx.done]);
}
