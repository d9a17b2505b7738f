const RESERVED = /^(con|prn|aux|nul|com[1-9]|lpt[1-9])$/i;
const MAX_NAME_CHARS = 100;

/**
 * A file name safe in a zip on any system: the last path piece only (no "../", no folders),
 * no control or reserved characters (< > : " / \ | ? *), no leading dots, no trailing dots or
 * spaces, not a Windows device name, at most 100 code points; null when nothing is left.
 */
export function safeBaseName(name: string): string | null {
  const last = name.normalize('NFC').split(/[/\\]/).pop() ?? '';
  let safe = [...last.replace(/[\p{Cc}<>:"|?*]/gu, '_')]
    .slice(0, MAX_NAME_CHARS)
    .join('')
    .replace(/^[.\s]+/, '')
    .replace(/[.\s]+$/, '');
  if (safe === '') return null;
  if (RESERVED.test(safe.split('.')[0]!)) safe = `_${safe}`;
  return safe;
}

/** Names made unique case-insensitively (as Windows and macOS compare them): "a", "a-2", "a-3" … */
export function uniqueNames() {
  const taken = new Set<string>();
  return (base: string, extension: string): string => {
    for (let n = 1; ; n++) {
      const name = `${n === 1 ? base : `${base}-${n}`}.${extension}`;
      if (!taken.has(name.toLowerCase())) {
        taken.add(name.toLowerCase());
        return name;
      }
    }
  };
}
