/**
 * Windows device names, which Windows opens as the device whatever the extension and trailing
 * dots or spaces ("CON .txt", "com¹.wav"): COM and LPT with 0-9 and the superscripts ¹ ² ³ it also
 * reads as digits, CONIN$ and CONOUT$. Tested on the name's first dot-separated piece, trimmed.
 */
const DEVICE = /^(con|prn|aux|nul|com[0-9¹²³]|lpt[0-9¹²³]|conin\$|conout\$)$/i;
/**
 * Characters that make a name lie about itself: bidi controls (U+202A-202E, U+2066-2069, LRM, RLM,
 * ALM) turn "gpj.exe" into "exe.jpg" on screen, zero-width and other invisible characters (ZWSP,
 * ZWJ, word joiner, BOM, soft hyphen, Hangul fillers …) make two names that look the same.
 * All are format characters (Cf) or Default_Ignorable_Code_Point: dropped.
 */
const INVISIBLE = /[\p{Cf}\p{Default_Ignorable_Code_Point}]/gu;
/** Control, line-separator and reserved characters: each becomes "_". */
const RESERVED = /[\p{Cc}\p{Zl}\p{Zp}<>:"|?*]/gu;
const MAX_NAME_CHARS = 100;

/**
 * A file name safe in a zip on any system: the last path piece only (no "../", no folders),
 * no control or reserved characters (< > : " / \ | ? *), no bidi controls or invisible characters,
 * no leading dots, no trailing dots or spaces, not a Windows device name, at most 100 code points,
 * NFC; null when nothing is left.
 */
export function safeBaseName(name: string): string | null {
  const last = name.normalize('NFC').split(/[/\\]/).pop() ?? '';
  let safe = [...last.replace(INVISIBLE, '').normalize('NFC').replace(RESERVED, '_')]
    .slice(0, MAX_NAME_CHARS)
    .join('')
    .replace(/^[.\s]+/u, '')
    .replace(/[.\s]+$/u, '');
  if (safe === '') return null;
  if (DEVICE.test(safe.split('.')[0]!.replace(/\s+$/u, ''))) safe = `_${safe}`;
  return safe;
}

/**
 * The key two names share when a case-insensitive file system (Windows, macOS) takes them for one
 * file: compatibility forms and composed or decomposed accents alike (NFKC), then case folded one
 * character at a time (upper then lower, so "ß" and "SS", "ς" and "Σ" meet; no context rules).
 */
export function foldName(name: string): string {
  return [...name.normalize('NFKC')]
    .map((c) => c.toUpperCase().toLowerCase())
    .join('')
    .normalize('NFKC');
}

/**
 * Base names made unique (as Windows and macOS compare them) across every entry a base gives:
 * `unique(base, extensions)` returns "a", then "a-2", "a-3" … the first whose every
 * `base.extension` is free, and takes them all. `reserved` names are taken from the start.
 */
export function uniqueBaseNames(reserved: readonly string[] = []) {
  const taken = new Set(reserved.map(foldName));
  return (base: string, extensions: readonly string[]): string => {
    for (let n = 1; ; n++) {
      const candidate = n === 1 ? base : `${base}-${n}`;
      const keys = extensions.map((e) => foldName(`${candidate}.${e}`));
      if (keys.some((k) => taken.has(k))) continue;
      for (const k of keys) taken.add(k);
      return candidate;
    }
  };
}
