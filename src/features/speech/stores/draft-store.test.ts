import { beforeEach, describe, expect, it } from 'vitest';
import { SPEECH_FORM_DEFAULTS } from '../api/speech-form-schema';
import { readDraft, writeDraft } from './draft-store';

describe('draft store', () => {
  beforeEach(() => localStorage.clear());

  it('gives the defaults when nothing is stored', () => {
    expect(readDraft()).toEqual(SPEECH_FORM_DEFAULTS);
  });

  it('round-trips a draft, out-of-range values included (the form shows their errors)', () => {
    const draft = { ...SPEECH_FORM_DEFAULTS, sourceText: 'Draft 😀', speedFactor: 2.01, format: 'mp3' as const, timbreNumber: '3' };
    writeDraft(draft);
    expect(readDraft()).toEqual(draft);
  });

  it('falls back field by field on stored values of the wrong type or an unknown format', () => {
    localStorage.setItem(
      'console.speech.draft',
      JSON.stringify({ sourceText: 42, volume: 'loud', emotion: 3, format: 'ogg', voiceName: 'de' }),
    );
    expect(readDraft()).toEqual({ ...SPEECH_FORM_DEFAULTS, emotion: 3, voiceName: 'de' });
    localStorage.setItem('console.speech.draft', '{not json');
    expect(readDraft()).toEqual(SPEECH_FORM_DEFAULTS);
  });
});
