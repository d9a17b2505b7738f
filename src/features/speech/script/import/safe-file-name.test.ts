import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { foldName, safeBaseName } from './safe-file-name';

const BIDI_AND_INVISIBLE = [
  '\u202A',
  '\u202B',
  '\u202C',
  '\u202D',
  '\u202E',
  '\u2066',
  '\u2067',
  '\u2068',
  '\u2069',
  '\u200E',
  '\u200F',
  '\u061C',
  '\u200B',
  '\u200C',
  '\u200D',
  '\u2060',
  '\uFEFF',
  '\u00AD',
  '\u034F',
  '\u180E',
  '\u3164',
];

describe('safeBaseName: Windows device names', () => {
  it.each([
    ['CON', '_CON'],
    ['con', '_con'],
    ['CON .txt', '_CON .txt'],
    ['CON.txt', '_CON.txt'],
    ['PRN.tar.gz', '_PRN.tar.gz'],
    ['aux', '_aux'],
    ['NUL. . ', '_NUL'],
    ['COM0', '_COM0'],
    ['COM9.srt', '_COM9.srt'],
    ['COM¹', '_COM¹'],
    ['lpt²', '_lpt²'],
    ['LPT³.x', '_LPT³.x'],
    ['LPT0', '_LPT0'],
    ['CONIN$', '_CONIN$'],
    ['conout$.log', '_conout$.log'],
    ['CON\u200B', '_CON'],
    ['C\u202EON', '_CON'],
  ])('%j becomes %j', (name, safe) => {
    expect(safeBaseName(name)).toBe(safe);
  });

  it.each(['CONSOLE', 'COM10', 'LPT', 'aCON', 'CON-2', 'COM⁴'])('%j is no device name and stays', (name) => {
    expect(safeBaseName(name)).toBe(name);
  });
});

describe('safeBaseName: bidi controls and invisible characters', () => {
  it('drops every bidi control and zero-width or invisible character', () => {
    for (const c of BIDI_AND_INVISIBLE) expect(safeBaseName(`ab${c}cd`), JSON.stringify(c)).toBe('abcd');
  });

  it('keeps the name a right-to-left override disguised ("invoice\u202Egpj.exe" is "invoicegpj.exe")', () => {
    expect(safeBaseName('invoice\u202Egpj.exe')).toBe('invoicegpj.exe');
  });

  it('trims trailing dots and spaces left after an invisible character is dropped', () => {
    expect(safeBaseName('name. \u200B')).toBe('name');
    expect(safeBaseName('\u200B')).toBeNull();
  });
});

describe('foldName', () => {
  it('compares names as case-insensitive file systems do, Unicode-aware', () => {
    expect(foldName('A.wav')).toBe(foldName('a.wav'));
    expect(foldName('É')).toBe(foldName('e\u0301'));
    expect(foldName('ΣΑΣ')).toBe(foldName('σας'));
    expect(foldName('STRASSE')).toBe(foldName('straße'));
    expect(foldName('a')).not.toBe(foldName('b'));
  });
});

describe('safeBaseName: property', () => {
  it('never leaves a device name, a bidi control, an invisible character or a trailing dot or space', () => {
    const piece = fc.constantFrom('CON', 'con', 'COM¹', 'LPT9', 'CONIN$', 'AUX', '.', ' ', 'a', 'É', 'e\u0301', ...BIDI_AND_INVISIBLE);
    const name = fc.oneof(
      fc.array(piece, { maxLength: 8 }).map((p) => p.join('')),
      fc.string({ unit: 'grapheme', maxLength: 30 }),
      // Any code points, lone surrogates included (fast-check's 'binary' unit is slow to generate).
      fc.array(fc.integer({ min: 0, max: 0x10ffff }), { maxLength: 30 }).map((cps) => String.fromCodePoint(...cps)),
    );
    fc.assert(
      fc.property(name, (raw) => {
        const safe = safeBaseName(raw);
        if (safe === null) return;
        expect(safe).not.toMatch(/[\p{Cc}\p{Cf}\p{Default_Ignorable_Code_Point}]/u);
        expect(safe).not.toMatch(/[.\s]$/u);
        expect(safe).not.toMatch(/^(con|prn|aux|nul|com[0-9¹²³]|lpt[0-9¹²³]|conin\$|conout\$)[\s.]*(\.|$)/iu);
        expect(safe).toBe(safe.normalize('NFC'));
      }),
      { numRuns: 500 },
    );
  });
});
