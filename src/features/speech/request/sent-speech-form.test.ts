import { afterEach, describe, expect, it } from 'vitest';
import { lexiconStore } from '../lexicon/lexicon-store';
import type { LexiconRule } from '../lexicon/lexicon';
import { LONG_TEXT_MAX_CHARS } from '../long-text/split-text';
import { parseSentSpeechForm, SPEECH_FORM_DEFAULTS, type SpeechFormValues } from './speech-form-schema';

const valid: SpeechFormValues = { ...SPEECH_FORM_DEFAULTS, sourceText: ' ACME makes acme things. ', voiceName: 'en-us' };
const acme: LexiconRule = { written: 'ACME', said: 'Ack me', wholeWord: true, caseSensitive: true };

describe('the form sends the text with the pronunciation rules applied', () => {
  afterEach(() => lexiconStore.set([]));

  it('rewrites the text sent with the active rules (and nothing else)', () => {
    lexiconStore.set([acme]);
    const parsed = parseSentSpeechForm(valid);
    expect(parsed.success && parsed.data).toMatchObject({ sourceText: 'Ack me makes acme things.', voiceName: 'en-us' });
  });

  it('sends the text as typed when there are no rules or none is for its language', () => {
    expect(parseSentSpeechForm(valid)).toMatchObject({ data: { sourceText: 'ACME makes acme things.' } });
    lexiconStore.set([{ ...acme, language: 'zh' }]);
    expect(parseSentSpeechForm({ ...valid, targetLanguage: 'en-US' })).toMatchObject({ data: { sourceText: 'ACME makes acme things.' } });
  });

  it('checks the limit on the rewritten text and says the rules made it longer', () => {
    lexiconStore.set([{ ...acme, said: 'Ack me!!' }]);
    const text = 'ACME '.repeat(LONG_TEXT_MAX_CHARS / 5);
    const parsed = parseSentSpeechForm({ ...valid, sourceText: text });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues).toEqual([
      expect.objectContaining({
        path: ['sourceText'],
        message: `With the pronunciation rules applied the text is 179,999 characters, more than 100,000.`,
      }),
    ]);
  });
});
