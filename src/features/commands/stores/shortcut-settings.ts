import { createPersistedStore } from '@/lib/persisted-store';
import { SHORTCUT_IDS, type ShortcutId } from '../model/shortcuts';

/** The shortcuts turned off on this device (all are on by default). Checked by hand: no zod on a first visit. */
const schema = {
  safeParse(value: unknown): { success: true; data: ShortcutId[] } | { success: false } {
    if (!Array.isArray(value)) return { success: false };
    return { success: true, data: SHORTCUT_IDS.filter((id) => value.includes(id)) };
  },
};

export const shortcutsOffStore = createPersistedStore<ShortcutId[]>('console.shortcuts.off', schema, []);

export function setShortcutOn(id: ShortcutId, on: boolean): void {
  const off = shortcutsOffStore.get().filter((x) => x !== id);
  shortcutsOffStore.save(on ? off : [...off, id]);
}
