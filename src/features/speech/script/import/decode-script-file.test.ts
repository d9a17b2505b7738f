import { describe, expect, it } from 'vitest';
import { decodeScriptFile, scriptFileTooLarge } from './decode-script-file';

const utf16 = (text: string, endian: 'le' | 'be', bom = true): Uint8Array => {
  const out: number[] = bom ? (endian === 'le' ? [0xff, 0xfe] : [0xfe, 0xff]) : [];
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    out.push(...(endian === 'le' ? [c & 0xff, c >> 8] : [c >> 8, c & 0xff]));
  }
  return Uint8Array.from(out);
};
const utf8 = (text: string) => new TextEncoder().encode(text);

describe('scriptFileTooLarge', () => {
  it('refuses a file over 2 MB from its size alone, and takes one of 2 MB', () => {
    expect(scriptFileTooLarge(50_000_000)).toEqual({ code: 'fileTooLarge', bytes: 50_000_000, max: 2_000_000 });
    expect(scriptFileTooLarge(2_000_000)).toBeNull();
  });
});

describe('decodeScriptFile', () => {
  it('reads UTF-8 with or without a byte order mark (the mark dropped)', () => {
    expect(decodeScriptFile(utf8('Café\n你好\n'))).toEqual({ ok: true, text: 'Café\n你好\n', encoding: 'utf-8' });
    expect(decodeScriptFile(Uint8Array.from([0xef, 0xbb, 0xbf, ...utf8('text\nHi')]))).toEqual({
      ok: true,
      text: 'text\nHi',
      encoding: 'utf-8',
    });
  });

  it('reads UTF-16 little- and big-endian by their byte order mark, and says so', () => {
    expect(decodeScriptFile(utf16('One\r\nTwo 你好\r\n', 'le'))).toEqual({ ok: true, text: 'One\r\nTwo 你好\r\n', encoding: 'utf-16le' });
    expect(decodeScriptFile(utf16('One\nTwo', 'be'))).toEqual({ ok: true, text: 'One\nTwo', encoding: 'utf-16be' });
  });

  it('reads UTF-16 without a byte order mark by its pattern of NUL bytes', () => {
    expect(decodeScriptFile(utf16('text,voice\nHello,en-us\n', 'le', false))).toMatchObject({ ok: true, encoding: 'utf-16le' });
    expect(decodeScriptFile(utf16('Hello there\nBye\n', 'be', false))).toEqual({
      ok: true,
      text: 'Hello there\nBye\n',
      encoding: 'utf-16be',
    });
  });

  it('refuses Latin-1 / Windows-1252 bytes, naming the first line that is not UTF-8', () => {
    // "Line one\nCafé\n" in Windows-1252: é is the single byte 0xE9.
    const latin1 = Uint8Array.from([...utf8('Line one\r\nCaf'), 0xe9, ...utf8('\r\n')]);
    expect(decodeScriptFile(latin1)).toEqual({ ok: false, refusal: { code: 'notUtf8', line: 2 } });
    // GBK "你好" on line 1.
    expect(decodeScriptFile(Uint8Array.from([0xc4, 0xe3, 0xba, 0xc3]))).toEqual({ ok: false, refusal: { code: 'notUtf8', line: 1 } });
    // Overlong and surrogate encodings are not UTF-8 either.
    expect(decodeScriptFile(Uint8Array.from([0x41, 0x0a, 0x0a, 0xc0, 0xaf]))).toEqual({ ok: false, refusal: { code: 'notUtf8', line: 3 } });
    expect(decodeScriptFile(Uint8Array.from([0xed, 0xa0, 0x80]))).toEqual({ ok: false, refusal: { code: 'notUtf8', line: 1 } });
  });

  it('refuses a file with NUL bytes in no UTF-16 pattern (a workbook, an image) as not text', () => {
    const xlsx = Uint8Array.from([0x50, 0x4b, 0x03, 0x04, 0x14, 0x00, 0x06, 0x00, 0x08, 0x00, 0x00, 0x00, 0x21, 0x00, 0x62, 0xee]);
    expect(decodeScriptFile(xlsx)).toEqual({ ok: false, refusal: { code: 'notText' } });
    expect(decodeScriptFile(utf8('a\u0000b'))).toEqual({ ok: false, refusal: { code: 'notText' } });
  });

  it('refuses UTF-16 that does not decode (an odd byte count, a lone surrogate)', () => {
    expect(decodeScriptFile(Uint8Array.from([0xff, 0xfe, 0x41, 0x00, 0x42]))).toEqual({
      ok: false,
      refusal: { code: 'badUtf16', encoding: 'utf-16le' },
    });
    expect(decodeScriptFile(Uint8Array.from([0xfe, 0xff, 0xd8, 0x00, 0x00, 0x41]))).toEqual({
      ok: false,
      refusal: { code: 'badUtf16', encoding: 'utf-16be' },
    });
  });

  it('refuses bytes over the cap even when asked directly', () => {
    expect(decodeScriptFile(new Uint8Array(2_000_001))).toEqual({
      ok: false,
      refusal: { code: 'fileTooLarge', bytes: 2_000_001, max: 2_000_000 },
    });
  });
});
