import { speechDb as db, type StoredScript, type StoredScriptTake } from '../../storage/speech-db';

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
