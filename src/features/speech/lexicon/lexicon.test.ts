import { describe, expect, it } from 'vitest';
import { applyLexicon, sentTextLength, type LexiconRule } from './lexicon';

const rule = (written: string, said: string, more: Partial<LexiconRule> = {}): LexiconRule => ({
  written,
  said,
  wholeWord: true,
  caseSensitive: false,
  ...more,
});

describe('applyLexicon', () => {
  it('rewrites whole words case-insensitively and says which rules fired where', () => {
    const r = applyLexicon('Nginx and NGINX, not nginxes.', [rule('nginx', 'engine x')]);
    expect(r.text).toBe('engine x and engine x, not nginxes.');
    expect(r.fired).toEqual([
      { rule: 0, from: 0, to: 5, sentFrom: 0, sentTo: 8 },
      { rule: 0, from: 10, to: 15, sentFrom: 13, sentTo: 21 },
    ]);
  });

  it('takes the longest match first, and never matches replaced text again', () => {
    const rules = [rule('SQL', 'sequel'), rule('SQL Server', 'sequel server'), rule('sequel', 'WRONG')];
    expect(applyLexicon('SQL Server or SQL', rules).text).toBe('sequel server or sequel');
  });

  it('respects case sensitivity, "anywhere" rules and languages', () => {
    expect(applyLexicon('US us', [rule('US', 'you ess', { caseSensitive: true })]).text).toBe('you ess us');
    expect(applyLexicon('Nginxes', [rule('nginx', 'engine x', { wholeWord: false })]).text).toBe('engine xes');
    const fr = rule('Paris', 'Pa-ri', { language: 'fr' });
    expect(applyLexicon('Paris', [fr], 'en').text).toBe('Paris');
    expect(applyLexicon('Paris', [fr], 'fr-FR').text).toBe('Pa-ri');
    expect(applyLexicon('Paris', [fr]).text).toBe('Pa-ri');
  });

  it('judges whole words with Unicode letters, not \\b (é, ü, digits)', () => {
    expect(applyLexicon('café cafés', [rule('café', 'ka-fay')]).text).toBe('ka-fay cafés');
    expect(applyLexicon('R2 R2D2', [rule('R2', 'are two')]).text).toBe('are two R2D2');
  });

  it('in Chinese, whole word means a dictionary word boundary (Intl.Segmenter)', () => {
    // 行 inside 银行 (bank) is not the word 行; 长 in 长江 is a word start of its own compound.
    expect(applyLexicon('我去银行。', [rule('行', 'háng')]).text).toBe('我去银行。');
    expect(applyLexicon('我去银行。', [rule('银行', 'yín háng')]).text).toBe('我去yín háng。');
    expect(applyLexicon('我去银行。', [rule('行', 'háng', { wholeWord: false })]).text).toBe('我去银háng。');
  });
});

describe('applyLexicon with characters outside the BMP', () => {
  it('rewrites an emoji rule and ends (the first version looped for ever on a surrogate pair)', () => {
    expect(applyLexicon('😀 ok 😀😀', [rule('😀', 'smile', { wholeWord: false })]).text).toBe('smile ok smilesmile');
  });
});

describe('sentTextLength', () => {
  it('checks the limit on the text as rewritten', () => {
    expect(sentTextLength('a'.repeat(4990) + ' NASA', [])).toEqual({ ok: true, chars: 4995 });
    expect(sentTextLength('a'.repeat(4990) + ' NASA', [rule('NASA', 'National Aeronautics')])).toEqual({
      ok: false,
      chars: 5011,
      max: 5000,
    });
  });
});
