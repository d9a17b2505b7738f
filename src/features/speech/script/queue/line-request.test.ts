import { describe, expect, it } from 'vitest';
import { SPEECH_FORM_DEFAULTS } from '../../request/speech-form-schema';
import { importScript } from '../import/import-script';
import { applyLexicon, type LexiconRule } from '../../lexicon/lexicon';
import { lineRequest } from './line-request';

const nasa: LexiconRule = { written: 'NASA', said: 'N.A.S.A.', wholeWord: true, caseSensitive: true, language: 'en' };

describe('lineRequest', () => {
  it("sends the row's text rewritten by the rules of its language, and says which fired", () => {
    const { rows } = importScript(
      'text,language\nNASA flies,en\nNASA vole,fr\n',
      { ...SPEECH_FORM_DEFAULTS, voiceName: 'en-us' },
      {
        rewrite: (t, lang) => applyLexicon(t, [nasa], lang).text,
      },
    );
    const [en, fr] = rows.map((r) => lineRequest(r, [nasa]));
    expect(en!.request).toMatchObject({ sourceText: 'N.A.S.A. flies', voiceName: 'en-us', targetLanguage: 'en' });
    expect(en!.fired).toEqual([{ rule: 0, from: 0, to: 4, sentFrom: 0, sentTo: 8 }]);
    expect(fr!.request.sourceText).toBe('NASA vole');
  });
});
