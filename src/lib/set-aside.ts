import { createPersistedStore } from './persisted-store';

/** The stored values a panel can be started again without; each has its own words in the catalogs (common.setAside.kind). */
const SET_ASIDE_KINDS = ['taskQuery', 'speechDraft', 'savedViews', 'lexicon'] as const;
export type SetAsideKind = (typeof SET_ASIDE_KINDS)[number];

/**
 * A value kept in the browser that a panel reads as it starts: what it is, how to read it as text
 * (to keep it for the operator), and how to start without it. A store makes one of itself and a
 * panel names the ones it reads (`<PanelBoundary stored={[…]}>`).
 */
export type StoredValue = {
  kind: SetAsideKind;
  /** The value as text, or null when nothing but the default is stored (nothing to set aside). */
  read(): string | null | Promise<string | null>;
  /** Back to the default, so the panel starts without it. */
  reset(): void | Promise<void>;
};

/** A value that made a panel fail as it started: kept here, out of the way, until the operator dismisses it. */
export type SetAsideEntry = { kind: SetAsideKind; value: string; reason: string; at: number };

// Checked by hand, not with zod: the shell shows the notice on a first visit, which loads no zod (scripts/size.mjs).
const isEntry = (e: unknown): e is SetAsideEntry => {
  const { kind, value, reason, at } = (e ?? {}) as Partial<Record<keyof SetAsideEntry, unknown>>;
  return (
    SET_ASIDE_KINDS.includes(kind as SetAsideKind) && typeof value === 'string' && typeof reason === 'string' && typeof at === 'number'
  );
};
const entries = {
  safeParse: (stored: unknown): { success: true; data: SetAsideEntry[] } => ({
    success: true,
    data: Array.isArray(stored) ? stored.filter(isEntry) : [],
  }),
};

/**
 * The values set aside, kept in localStorage for export. A value too large for the storage's quota
 * (a big lexicon) is kept for this page only: the notice still offers it while the page is open.
 */
export const setAsideStore = createPersistedStore<SetAsideEntry[]>('console.setAside', entries, []);

/**
 * Moves what the values hold into the set-aside store and resets them, so the panel starts again
 * without them. Returns the entries made (none when every value was already the default, or none
 * could be reset: then retrying would change nothing).
 */
export async function setAside(values: readonly StoredValue[], error: string, now = Date.now()): Promise<SetAsideEntry[]> {
  const reason = shortReason(error);
  const made: SetAsideEntry[] = [];
  for (const stored of values) {
    try {
      const value = await stored.read();
      if (value === null) continue;
      await stored.reset();
      made.push({ kind: stored.kind, value, reason, at: now });
    } catch {
      // Storage that cannot be read or written: that value stays where it is.
    }
  }
  if (made.length > 0) setAsideStore.save([...setAsideStore.get(), ...made]);
  return made;
}

// An error message can quote what failed (a RegExp error quotes its whole pattern): the notice needs its gist.
const REASON_MAX = 300;
export const shortReason = (message: string): string => (message.length > REASON_MAX ? `${message.slice(0, REASON_MAX - 1)}…` : message);

/** The operator has what they need of it: the entry goes. */
export function dismissSetAside(entry: SetAsideEntry): void {
  setAsideStore.save(setAsideStore.get().filter((e) => e !== entry));
}

/** The StoredValue of a value kept by createPersistedStore: its text (strings as they are, else JSON), reset to `defaults`. */
export function persistedValue<T>(kind: SetAsideKind, store: { get(): T; save(next: T): void }, defaults: T): StoredValue {
  return {
    kind,
    read() {
      const value = store.get();
      if (JSON.stringify(value) === JSON.stringify(defaults)) return null;
      return typeof value === 'string' ? value : JSON.stringify(value, null, 2);
    },
    reset: () => store.save(defaults),
  };
}
