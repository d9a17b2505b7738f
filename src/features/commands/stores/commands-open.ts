import { createStore } from '@/lib/persisted-store';

/** Which of the keyboard's dialogs is open, and where focus was before it opened (it goes back there). */
export type OpenCommands = { what: 'palette' | 'sheet'; returnTo: HTMLElement | null } | null;

export const commandsOpenStore = createStore<OpenCommands>(null);

export function openCommands(what: 'palette' | 'sheet'): void {
  const now = commandsOpenStore.get();
  // From one dialog to the other, focus still goes back to where it was before the first.
  const returnTo = now ? now.returnTo : document.activeElement instanceof HTMLElement ? document.activeElement : null;
  commandsOpenStore.set({ what, returnTo });
}

/** Closes the dialog and puts focus back where it was (if that is still on the page). */
export function closeCommands(): void {
  const now = commandsOpenStore.get();
  commandsOpenStore.set(null);
  const back = now?.returnTo;
  if (back?.isConnected) back.focus({ preventScroll: true });
  else document.getElementById('main')?.focus({ preventScroll: true });
}
