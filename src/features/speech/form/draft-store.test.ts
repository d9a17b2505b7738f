import { beforeEach, describe, expect, it, vi } from 'vitest';
import { SPEECH_FORM_DEFAULTS } from '../request/speech-form-schema';

// The store reads localStorage once, when its module loads: each case loads it afresh.
async function loadDraft() {
  vi.resetModules();
  const { draftStore } = await import('./draft-store');
  return draftStore;
}

describe('draft store', () => {
  beforeEach(() => localStorage.clear());

  it('gives the defaults when nothing is stored', async () => {
    expect((await loadDraft()).get()).toEqual(SPEECH_FORM_DEFAULTS);
  });

  it('round-trips a draft, out-of-range values included (the form shows their errors)', async () => {
    const draft = { ...SPEECH_FORM_DEFAULTS, sourceText: 'Draft 😀', speedFactor: 2.01, format: 'mp3' as const, timbreNumber: '3' };
    (await loadDraft()).save(draft);
    expect((await loadDraft()).get()).toEqual(draft);
  });

  it('falls back field by field on stored values of the wrong type or an unknown format', async () => {
    localStorage.setItem(
      'console.speech.draft',
      JSON.stringify({ sourceText: 42, volume: 'loud', emotion: 3, format: 'ogg', voiceName: 'de' }),
    );
    expect((await loadDraft()).get()).toEqual({ ...SPEECH_FORM_DEFAULTS, emotion: 3, voiceName: 'de' });
    localStorage.setItem('console.speech.draft', '{not json');
    expect((await loadDraft()).get()).toEqual(SPEECH_FORM_DEFAULTS);
  });

  it('as a stored value: reads a draft that differs from the defaults as JSON, and resets it to them', async () => {
    localStorage.setItem('console.speech.draft', JSON.stringify({ ...SPEECH_FORM_DEFAULTS, sourceText: 'the '.repeat(200) }));
    vi.resetModules();
    const { draftStore, draftStored } = await import('./draft-store');
    expect(JSON.parse((await draftStored.read()) ?? '{}')).toMatchObject({ sourceText: 'the '.repeat(200) });
    await draftStored.reset();
    expect(draftStore.get()).toEqual(SPEECH_FORM_DEFAULTS);
    expect(JSON.parse(localStorage.getItem('console.speech.draft') ?? '{}')).toEqual(SPEECH_FORM_DEFAULTS);
    expect(await draftStored.read()).toBeNull();
  });
});
