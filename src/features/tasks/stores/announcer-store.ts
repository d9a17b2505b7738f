import { createStore } from '@/lib/persisted-store';

/** The last short confirmation ("Copied 12 IDs"), read out by the page's status region. */
export const announcerStore = createStore<{ text: string; at: number }>({ text: '', at: 0 });

export function announce(text: string): void {
  announcerStore.set({ text, at: Date.now() });
}

export async function copyText(text: string, what: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
    announce(`Copied ${what}`);
  } catch {
    announce(`Could not copy ${what}: the browser refused clipboard access`);
  }
}
