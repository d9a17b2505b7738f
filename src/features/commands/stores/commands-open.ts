import { createStore } from '@/lib/persisted-store';

/** Which of the keyboard's dialogs is open, and where focus was before it opened (it goes back there). */
export type OpenCommands = { what: 'palette' | 'sheet'; returnTo: HTMLElement | null } | null;

export const commandsOpenStore = createStore<OpenCommands>(null);

/** The <dialog> on screen (set by useModalDialog): closed at once on close, so focus can leave it before React re-renders. */
let shown: HTMLDialogElement | null = null;
export function setShownDialog(dialog: HTMLDialogElement | null): void {
  shown = dialog;
}

/** Whether the dialog is on screen (its field focused): until then keys typed for it are kept here. */
export const dialogShown = (): boolean => shown !== null;

/** Keys typed after Ctrl+K but before the palette's field exists (its chunk loads on first use): its first text. */
let early = { text: '', enter: false };
export function typeEarly(key: string): void {
  if (key === 'Enter') early = { ...early, enter: true };
  else if (key === 'Backspace') early = { ...early, text: early.text.slice(0, -1) };
  else early = { text: early.text + key, enter: false };
}
/** What has been typed early so far, left in place (the palette's first render shows it). */
export const earlyTyping = (): { text: string; enter: boolean } => early;
/** What was typed early, once, by the palette as it goes on screen (then its field takes the keys itself). */
export function takeEarlyTyping(): { text: string; enter: boolean } {
  const taken = early;
  early = { text: '', enter: false };
  return taken;
}

/** A palette command that failed after the palette closed: said in an alert under the header until dismissed or the palette opens again. */
export type CommandFailure = { label: string; error: unknown } | null;
export const commandFailureStore = createStore<CommandFailure>(null);

export function openCommands(what: 'palette' | 'sheet'): void {
  commandFailureStore.set(null);
  const now = commandsOpenStore.get();
  // From one dialog to the other, focus still goes back to where it was before the first.
  const returnTo = now ? now.returnTo : document.activeElement instanceof HTMLElement ? document.activeElement : null;
  commandsOpenStore.set({ what, returnTo });
}

/** Closes the dialog and puts focus back where it was (if that is still on the page), before anything runs next. */
export function closeCommands(): void {
  const now = commandsOpenStore.get();
  // A modal dialog makes the rest of the page inert: it must be closed before focus can go back.
  shown?.close();
  shown = null;
  commandsOpenStore.set(null);
  const back = now?.returnTo;
  if (back?.isConnected && back !== document.body) back.focus({ preventScroll: true });
  else document.getElementById('main')?.focus({ preventScroll: true });
}
