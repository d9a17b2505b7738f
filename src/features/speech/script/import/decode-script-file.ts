import { SCRIPT_MAX_BYTES, type ScriptEncoding, type ScriptRefusal } from './script-refusal';

type Decoded = { ok: true; text: string; encoding: ScriptEncoding } | { ok: false; refusal: ScriptRefusal };

/** A file over the byte cap, from its size: checked before a byte is read. */
export function scriptFileTooLarge(bytes: number): ScriptRefusal | null {
  return bytes > SCRIPT_MAX_BYTES ? { code: 'fileTooLarge', bytes, max: SCRIPT_MAX_BYTES } : null;
}

/**
 * A script file's bytes as text, or why not. UTF-8 with or without a byte order mark is read;
 * UTF-16 (LE or BE) by its byte order mark or, without one, by NUL bytes in every other place
 * (ASCII written as UTF-16), is decoded and named; NUL bytes in no such pattern (a workbook, an
 * image) are not text; any other byte UTF-8 does not allow is refused with its line: Windows-1252,
 * Latin-1 and GBK files are not guessed at, since a wrong guess is spoken and charged as gibberish
 * (docs/decisions/scripts.md, "Script import: encoding").
 */
export function decodeScriptFile(bytes: Uint8Array): Decoded {
  const tooLarge = scriptFileTooLarge(bytes.length);
  if (tooLarge) return { ok: false, refusal: tooLarge };
  const utf16 = utf16ByMark(bytes) ?? utf16ByNuls(bytes);
  if (utf16) {
    let text: string;
    try {
      // The decoder drops the byte order mark; fatal: an odd byte count or a lone surrogate throws.
      text = new TextDecoder(utf16, { fatal: true }).decode(bytes);
    } catch {
      return { ok: false, refusal: { code: 'badUtf16', encoding: utf16 } };
    }
    return text.includes('\u0000') ? { ok: false, refusal: { code: 'notText' } } : { ok: true, text, encoding: utf16 };
  }
  if (bytes.includes(0)) return { ok: false, refusal: { code: 'notText' } };
  const bad = firstNonUtf8(bytes);
  if (bad >= 0) return { ok: false, refusal: { code: 'notUtf8', line: lineAt(bytes, bad) } };
  return { ok: true, text: new TextDecoder('utf-8').decode(bytes), encoding: 'utf-8' };
}

function utf16ByMark(bytes: Uint8Array): Exclude<ScriptEncoding, 'utf-8'> | null {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return 'utf-16le';
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return 'utf-16be';
  return null;
}

/** UTF-16 without a mark: in the first 4 KB, NUL bytes at odd offsets (LE) or even ones (BE), almost never at the other. */
function utf16ByNuls(bytes: Uint8Array): Exclude<ScriptEncoding, 'utf-8'> | null {
  const pairs = Math.floor(Math.min(bytes.length, 4096) / 2);
  let even = 0;
  let odd = 0;
  for (let i = 0; i < pairs; i++) {
    if (bytes[2 * i] === 0) even++;
    if (bytes[2 * i + 1] === 0) odd++;
  }
  if (pairs < 2) return null;
  if (odd >= pairs / 4 && even <= odd / 20) return 'utf-16le';
  if (even >= pairs / 4 && odd <= even / 20) return 'utf-16be';
  return null;
}

/** The offset of the first byte that is not well-formed UTF-8 (no overlongs, surrogates or values past U+10FFFF); -1 when none. */
function firstNonUtf8(bytes: Uint8Array): number {
  const cont = (i: number, lo = 0x80, hi = 0xbf) => i < bytes.length && bytes[i]! >= lo && bytes[i]! <= hi;
  let i = 0;
  while (i < bytes.length) {
    const b = bytes[i]!;
    let next = -1;
    if (b < 0x80) next = i + 1;
    else if (b >= 0xc2 && b <= 0xdf) next = cont(i + 1) ? i + 2 : -1;
    else if (b >= 0xe0 && b <= 0xef) {
      const [lo, hi] = b === 0xe0 ? [0xa0, 0xbf] : b === 0xed ? [0x80, 0x9f] : [0x80, 0xbf];
      next = cont(i + 1, lo, hi) && cont(i + 2) ? i + 3 : -1;
    } else if (b >= 0xf0 && b <= 0xf4) {
      const [lo, hi] = b === 0xf0 ? [0x90, 0xbf] : b === 0xf4 ? [0x80, 0x8f] : [0x80, 0xbf];
      next = cont(i + 1, lo, hi) && cont(i + 2) && cont(i + 3) ? i + 4 : -1;
    }
    if (next < 0) return i;
    i = next;
  }
  return -1;
}

/** The 1-based line a byte offset is on (LF, CRLF and a lone CR end a line). */
function lineAt(bytes: Uint8Array, offset: number): number {
  let line = 1;
  for (let i = 0; i < offset; i++) {
    if (bytes[i] === 0x0a || (bytes[i] === 0x0d && bytes[i + 1] !== 0x0a)) line++;
  }
  return line;
}
