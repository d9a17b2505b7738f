import type { DBSchema, IDBPObjectStore } from 'idb';
import { lazyDatabase, tabChannel, withStringField } from '@/lib/tab-synced-db';
import type { LexiconRule } from './lexicon';
import { MAX_LEXICON_RULES } from './files/lexicon-csv';

/**
 * The pronunciation lexicons, one per connection profile (keyed by the profile's ID), in their own
 * IndexedDB database: the lexicon follows the profile, not the gateway or the user ID, and its
 * schema changes without touching the speech history's database.
 */
type StoredLexicon = { profileId: string; rules: LexiconRule[]; updatedAt: number };
interface LexiconDb extends DBSchema {
  lexicons: { key: string; value: StoredLexicon };
}

export const LEXICON_DB_NAME = 'console.speech.lexicon';

const db = lazyDatabase<LexiconDb>(LEXICON_DB_NAME, 1, (d) => void d.createObjectStore('lexicons', { keyPath: 'profileId' }));

// Anything may arrive on a channel: only a { profileId: string } is taken.
const tabs = tabChannel(LEXICON_DB_NAME, withStringField('profileId'));

/** Calls `listener` with a profile's ID whenever its lexicon changes, in this tab or another; returns the unsubscribe. */
export const onLexiconChanged = (listener: (profileId: string) => void): (() => void) =>
  tabs.subscribe(({ profileId }) => listener(profileId));

/** A stored rule that is a whole rule (a damaged or foreign record is skipped, not applied). */
function wellFormedRule(r: unknown): r is LexiconRule {
  const { written, said, wholeWord, caseSensitive, language } = (r ?? {}) as Partial<Record<keyof LexiconRule, unknown>>;
  return (
    typeof written === 'string' &&
    written !== '' &&
    typeof said === 'string' &&
    typeof wholeWord === 'boolean' &&
    typeof caseSensitive === 'boolean' &&
    (language === undefined || typeof language === 'string')
  );
}

const clean = (r: LexiconRule): LexiconRule => ({
  written: r.written,
  said: r.said,
  wholeWord: r.wholeWord,
  caseSensitive: r.caseSensitive,
  ...(r.language ? { language: r.language } : {}),
});

/** One profile's rules, in their order (none when it has no lexicon yet). */
export async function loadLexicon(profileId: string): Promise<LexiconRule[]> {
  const stored = await (await db()).get('lexicons', profileId);
  const rules = Array.isArray(stored?.rules) ? (stored.rules as unknown[]) : [];
  return rules.filter(wellFormedRule).slice(0, MAX_LEXICON_RULES).map(clean);
}

type LexiconStore = IDBPObjectStore<LexiconDb, ['lexicons'], 'lexicons', 'readwrite'>;

/**
 * Changes one profile's lexicon, then tells this tab and the others. Settled once committed (not when the
 * request is accepted): what is said to be saved survives a reload at once.
 */
async function change(profileId: string, write: (store: LexiconStore) => Promise<unknown>): Promise<void> {
  const tx = (await db()).transaction('lexicons', 'readwrite');
  await Promise.all([write(tx.store), tx.done]);
  tabs.publish({ profileId });
}

/** Replaces one profile's rules. */
export const saveLexicon = (profileId: string, rules: readonly LexiconRule[], now = Date.now()): Promise<void> =>
  change(profileId, (store) => store.put({ profileId, rules: rules.slice(0, MAX_LEXICON_RULES).map(clean), updatedAt: now }));

/** Deletes one profile's rules (the profile is gone). */
export const deleteLexicon = (profileId: string): Promise<void> => change(profileId, (store) => store.delete(profileId));
