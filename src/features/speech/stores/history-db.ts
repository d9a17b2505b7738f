import type { Take } from './take';

const DB_NAME = 'console.speech.history';
const TAKES = 'takes';
const AUDIO = 'audio';

let opening: Promise<IDBDatabase> | null = null;

function openDb(): Promise<IDBDatabase> {
  opening ??= new Promise((resolve, reject) => {
    const request = indexedDB.open(DB_NAME, 1);
    request.onupgradeneeded = () => {
      request.result.createObjectStore(TAKES, { keyPath: 'id' });
      // Audio lives in its own store so listing history never loads megabytes of sound.
      request.result.createObjectStore(AUDIO);
    };
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => {
      opening = null;
      reject(request.error ?? new Error('IndexedDB is not available'));
    };
  });
  return opening;
}

function done<T>(request: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB request failed'));
  });
}

async function transaction(mode: IDBTransactionMode, work: (takes: IDBObjectStore, audio: IDBObjectStore) => void): Promise<void> {
  const db = await openDb();
  const tx = db.transaction([TAKES, AUDIO], mode);
  work(tx.objectStore(TAKES), tx.objectStore(AUDIO));
  await new Promise<void>((resolve, reject) => {
    tx.oncomplete = () => resolve();
    tx.onabort = tx.onerror = () => reject(tx.error ?? new Error('IndexedDB transaction failed'));
  });
}

export async function listTakes(): Promise<Take[]> {
  const db = await openDb();
  const takes = await done(db.transaction(TAKES).objectStore(TAKES).getAll() as IDBRequest<Take[]>);
  return takes.sort((a, b) => b.createdAt - a.createdAt);
}

export async function readAudio(id: string): Promise<Blob | null> {
  const db = await openDb();
  const stored: unknown = await done(db.transaction(AUDIO).objectStore(AUDIO).get(id));
  return stored instanceof Blob ? stored : null;
}

export function saveTake(take: Take, audioBlob: Blob | null): Promise<void> {
  return transaction('readwrite', (takes, audio) => {
    takes.put(take);
    // A Blob, not an ArrayBuffer: IndexedDB would serialize megabytes of ArrayBuffer on the main thread.
    if (audioBlob) audio.put(audioBlob, take.id);
  });
}

export function deleteTake(id: string): Promise<void> {
  return transaction('readwrite', (takes, audio) => {
    takes.delete(id);
    audio.delete(id);
  });
}

export function clearTakes(): Promise<void> {
  return transaction('readwrite', (takes, audio) => {
    takes.clear();
    audio.clear();
  });
}
