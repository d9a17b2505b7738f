import { t } from '@/i18n/i18n-store';
import { copyText } from '@/lib/clipboard';
import { createStore } from '@/lib/persisted-store';

/** The last short confirmation ("Copied 12 IDs"), read out by the page's status region. */
export const announcerStore = createStore<{ text: string; at: number }>({ text: '', at: 0 });

export function announce(text: string): void {
  announcerStore.set({ text, at: Date.now() });
}

/** What to tell the operator after a copy of `what` ("3 IDs", "the task ID"), in the current language (`tasks` messages). */
export const copyOutcome = (copied: boolean, what: string): string => t(copied ? 'tasks.copy.done' : 'tasks.copy.refused', { what });

/** Copies, then says so (or why not) in the page's status region. */
export async function copyAndAnnounce(text: string, what: string): Promise<void> {
  announce(copyOutcome(await copyText(text), what));
}
