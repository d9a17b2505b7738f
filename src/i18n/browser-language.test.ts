import { describe, expect, it } from 'vitest';
import { browserLanguages, FALLBACK_LANGUAGE, installSafeBrowserLanguages, toLanguageTag } from './browser-language';

// Each tag these give must be one Intl takes: the constructors throw on anything else.
const usable = (tag: string) => new Intl.NumberFormat(tag).resolvedOptions().locale;

describe('toLanguageTag', () => {
  it.each([
    ['en-US', 'en-US'],
    ['en-us', 'en-US'],
    ['en_US.UTF-8', 'en-US'],
    ['de_DE@euro', 'de-DE'],
    ['zh_CN.GB18030', 'zh-CN'],
    ['zh-Hant-TW', 'zh-Hant-TW'],
    [' fr ', 'fr'],
    ['xx', 'xx'], // an unknown language is still a tag: Intl falls back by itself
  ])('%j → %j', (reported, tag) => {
    expect(toLanguageTag(reported)).toBe(tag);
    expect(() => usable(tag)).not.toThrow();
  });

  it.each(['C', 'c', 'POSIX', 'C.UTF-8', 'und', 'und-US', '', '   ', 'en_', '12', 'not a tag', '*', null, undefined, 42])(
    '%j names no usable language',
    (reported) => {
      expect(toLanguageTag(reported)).toBeNull();
    },
  );

  it('"C" is what breaks Intl, so the tag is needed', () => {
    expect(() => new Intl.NumberFormat('C')).toThrow(RangeError);
  });
});

describe('browserLanguages', () => {
  it('keeps valid languages in order, made canonical, without repeats', () => {
    expect(browserLanguages({ language: 'de', languages: ['de_DE.UTF-8', 'C', 'de-DE', 'en'] })).toEqual(['de-DE', 'en']);
  });

  it('uses `language` when `languages` is empty or missing', () => {
    expect(browserLanguages({ language: 'fr_FR', languages: [] })).toEqual(['fr-FR']);
    expect(browserLanguages({ language: 'ja' })).toEqual(['ja']);
  });

  it.each([
    { language: 'C', languages: ['C'] },
    { language: 'POSIX', languages: [] },
    { language: '', languages: [] },
    { language: 'und', languages: ['und'] },
    { language: undefined, languages: undefined },
  ])('falls back when nothing usable is reported (%j)', (reported) => {
    expect(browserLanguages(reported)).toEqual([FALLBACK_LANGUAGE]);
  });
});

describe('installSafeBrowserLanguages', () => {
  const fakeNavigator = (language: string, languages: readonly string[]) => {
    const proto = {};
    Object.defineProperty(proto, 'language', { get: () => language, configurable: true });
    Object.defineProperty(proto, 'languages', { get: () => languages, configurable: true });
    return Object.create(proto) as Navigator;
  };

  it('makes a navigator that says "C" say a tag Intl takes, as a library reading it would see', () => {
    const nav = fakeNavigator('C', ['C']);
    installSafeBrowserLanguages(nav);
    expect(nav.language).toBe(FALLBACK_LANGUAGE);
    expect(nav.languages).toEqual([FALLBACK_LANGUAGE]);
    expect(() => new Intl.NumberFormat(nav.language)).not.toThrow();
  });

  it('keeps the usable languages of a mixed report', () => {
    const nav = fakeNavigator('en_GB.UTF-8', ['en_GB.UTF-8', 'zh-CN']);
    installSafeBrowserLanguages(nav);
    expect(nav.language).toBe('en-GB');
    expect(nav.languages).toEqual(['en-GB', 'zh-CN']);
  });

  it('leaves a navigator with valid languages untouched', () => {
    const nav = fakeNavigator('zh-CN', ['zh-CN', 'en']);
    installSafeBrowserLanguages(nav);
    expect(Object.getOwnPropertyNames(nav)).toEqual([]);
  });
});
