// @vitest-environment jsdom
// setLocale sets <html lang>: this file needs a document.
import { afterEach, describe, expect, it } from 'vitest';
import { EMBEDDED_TIMBRES } from '@/contract';
import { setLocale, t } from '@/i18n/i18n-store';
import { languageName, timbreLabel } from './speech-labels';

describe('speech labels', () => {
  afterEach(() => setLocale('en'));

  it('names languages in the UI locale, with the embedded voice’s note; a name the operator typed stays', async () => {
    expect(languageName(t, 'en', 'zh')).toBe('Chinese (Mandarin)');
    expect(languageName(t, 'en', 'de', 'German')).toBe('German');
    expect(languageName(t, 'en', 'xx', 'Test language')).toBe('Test language');
    expect(languageName(t, 'en', 'not a code')).toBe('not a code');
    await setLocale('zh-CN');
    expect(languageName(t, 'zh-CN', 'zh')).toBe('中文（普通话）');
    expect(languageName(t, 'zh-CN', 'ja', 'Japanese (kana)')).toBe('日语（假名）');
    expect(languageName(t, 'zh-CN', 'de', 'German')).toBe('德语');
    expect(languageName(t, 'zh-CN', 'xx', 'Test language')).toBe('Test language');
  });

  it('names every timbre', async () => {
    expect(EMBEDDED_TIMBRES.map((x) => timbreLabel(t, x))).toEqual([
      'Standard',
      'Male 1',
      'Male 2',
      'Male 3',
      'Male 4',
      'Female 1',
      'Female 2',
      'Female 3',
      'Female 4',
    ]);
    await setLocale('zh-CN');
    expect(timbreLabel(t, EMBEDDED_TIMBRES[6])).toBe('女声 2');
  });
});
