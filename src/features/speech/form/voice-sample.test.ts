import { describe, expect, it } from 'vitest';
import { voiceSampleText } from './voice-sample';

describe('voiceSampleText', () => {
  it('speaks the target language when the embedded gateway knows it', () => {
    expect(voiceSampleText('en-us', 'FR ')).toBe('Bonjour, voici ma voix.');
  });

  it("falls back to the voice's own language, then English", () => {
    expect(voiceSampleText('de+f3', '')).toBe('Hallo, so klingt meine Stimme.');
    expect(voiceSampleText('cmn', 'xx')).toBe('你好，这是我的声音。');
    expect(voiceSampleText('someone-else', '')).toBe('Hello, this is how I sound.');
  });
});
