import { describe, expect, it } from 'vitest';
import { detectLanguage } from './detect-language';

describe('detectLanguage', () => {
  // tinyld alone reads "Hello operator." as Italian and "Extra fields." as Spanish: too short to tell.
  it.each(['Hello operator.', 'Hello.', 'Extra fields.', 'Hello world', 'Yes', 'See you later.'])(
    'falls back to the voice language for the short English phrase %j',
    (text) => {
      expect(detectLanguage(text, 'en')).toBe('en');
    },
  );

  it('falls back to the language given, not to en, for a short phrase it cannot tell', () => {
    expect(detectLanguage('Ciao, come stai?', 'it')).toBe('it');
    expect(detectLanguage('Guten Morgen.', 'de')).toBe('de');
  });

  it.each([
    ['你好，世界。', 'zh'],
    ['今天天气很好。', 'zh'],
    ['我们明天见。', 'zh'],
    ['Hola, ¿cómo estás?', 'es'],
    ['Buenos días a todos.', 'es'],
    ['El gato duerme en la casa.', 'es'],
    ['Bonjour, comment ça va ?', 'fr'],
    ['Merci beaucoup.', 'fr'],
    ['Le chat dort sur le canapé.', 'fr'],
  ])('still detects the short sentence %j as %s under an English voice', (text, language) => {
    expect(detectLanguage(text, 'en')).toBe(language);
  });

  it('detects longer English and reports the fallback for text with no letters', () => {
    expect(detectLanguage('Cancel me before I am spoken.', 'fr')).toBe('en');
    expect(detectLanguage('12345 678', 'es')).toBe('es');
  });
});
