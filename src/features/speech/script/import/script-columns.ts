/** The columns a script table may have; `text` is the only one required. */
const SCRIPT_COLUMNS = ['text', 'voice', 'language', 'speed', 'volume', 'emotion', 'format', 'fileName'] as const;
export type ScriptColumn = (typeof SCRIPT_COLUMNS)[number];

/** Accepted header spellings, compared case-insensitively with spaces, '_' and '-' removed. */
const SPELLINGS: Record<ScriptColumn, readonly string[]> = {
  text: ['text', 'sourcetext', 'line', 'script'],
  voice: ['voice', 'voicename'],
  language: ['language', 'lang', 'targetlanguage'],
  speed: ['speed', 'speedfactor', 'rate'],
  volume: ['volume', 'volumedb'],
  emotion: ['emotion'],
  format: ['format', 'audioformat'],
  fileName: ['filename', 'file', 'name'],
};

const key = (header: string) =>
  header
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[\s_-]+/g, '');

const BY_SPELLING = new Map<string, ScriptColumn>(SCRIPT_COLUMNS.flatMap((column) => SPELLINGS[column].map((s) => [s, column] as const)));

/** The column a header names, or null when it names none the console knows. */
export function columnOf(header: string): ScriptColumn | null {
  return BY_SPELLING.get(key(header)) ?? null;
}
