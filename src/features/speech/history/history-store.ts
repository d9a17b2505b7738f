import { createStore } from '@/lib/persisted-store';
import { t } from '@/i18n/i18n-store';
import { clearTakes, deleteTake, listTakes, saveTake, type Take } from '../take';

type HistoryState = { status: 'loading' | 'ready' | 'unavailable'; takes: Take[]; error: string | null };

export const historyStore = createStore<HistoryState>({ status: 'loading', takes: [], error: null });

/**
 * The IDs of takes listed but not yet written to IndexedDB (a reload before the write ends would lose them). A store of
 * its own: reading history back (loadHistory) replaces the list, not the writes still open.
 */
export const savingTakesStore = createStore<readonly string[]>([]);
const markSaving = (id: string, on: boolean) => {
  const rest = savingTakesStore.get().filter((s) => s !== id);
  savingTakesStore.set(on ? [...rest, id] : rest);
};

const message = (e: unknown) => (e instanceof Error ? e.message : String(e));

export async function loadHistory(): Promise<void> {
  try {
    historyStore.set({ status: 'ready', takes: await listTakes(), error: null });
  } catch (e) {
    historyStore.set({ status: 'unavailable', takes: [], error: t('speech.history.unavailable', { message: message(e) }) });
  }
}

/** Shown at once, marked "saving…" until written; a failed write (quota, private mode) is reported, the take still plays. */
export async function addTake(take: Take, audio: Blob | null): Promise<void> {
  const state = historyStore.get();
  historyStore.set({ ...state, takes: [take, ...state.takes.filter((t) => t.id !== take.id)] });
  markSaving(take.id, true);
  try {
    await saveTake(take, audio);
  } catch (e) {
    historyStore.set({ ...historyStore.get(), error: t('speech.history.notSaved', { message: message(e) }) });
  } finally {
    markSaving(take.id, false);
  }
}

export async function removeTake(id: string): Promise<void> {
  await deleteTake(id);
  const state = historyStore.get();
  historyStore.set({ ...state, takes: state.takes.filter((t) => t.id !== id) });
}

export async function removeAllTakes(): Promise<void> {
  await clearTakes();
  historyStore.set({ ...historyStore.get(), takes: [], error: null });
}
