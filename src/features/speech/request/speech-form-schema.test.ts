import { afterEach, describe, expect, it } from 'vitest';
import { setLocale } from '@/i18n/i18n-store';
import { parseSpeechForm, SPEECH_FORM_DEFAULTS, toSpeechRequest, type SpeechFormValues } from './speech-form-schema';

const valid: SpeechFormValues = { ...SPEECH_FORM_DEFAULTS, sourceText: 'Hello there.', voiceName: 'en-us' };
const errorsOf = (patch: Partial<SpeechFormValues>) => {
  const result = parseSpeechForm({ ...valid, ...patch });
  return result.success ? {} : Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]));
};

describe('speechFormSchema boundaries', () => {
  it.each([
    ['speedFactor', 0.49, 'Must be at least 0.5'],
    ['speedFactor', 0.5, undefined],
    ['speedFactor', 2, undefined],
    ['speedFactor', 2.01, 'Must be at most 2'],
    ['volume', -60.01, 'Must be at least -60'],
    ['volume', -60, undefined],
    ['volume', 20, undefined],
    ['volume', 20.01, 'Must be at most 20'],
    ['emotion', -1, 'Must be at least 0'],
    ['emotion', 0, undefined],
    ['emotion', 6, undefined],
    ['emotion', 7, 'Must be at most 6'],
    ['emotion', 2.5, 'Must be a whole number'],
    ['speedFactor', Number.NaN, 'Enter a number'],
  ] as const)('%s = %s → %s', (field, value, message) => {
    expect(errorsOf({ [field]: value })[field]).toBe(message);
  });

  it('accepts 100,000 characters (sent in parts) and refuses 100,001', () => {
    expect(errorsOf({ sourceText: 'a'.repeat(5001) }).sourceText).toBeUndefined();
    expect(errorsOf({ sourceText: 'a'.repeat(100000) }).sourceText).toBeUndefined();
    expect(errorsOf({ sourceText: 'a'.repeat(100001) }).sourceText).toMatch(/Longer than 100000 characters/);
  });

  it('counts a non-BMP character as one, like the gateway', () => {
    const emoji = '😀'; // two UTF-16 units, one code point
    expect(errorsOf({ sourceText: 'a'.repeat(99999) + emoji }).sourceText).toBeUndefined();
    expect(errorsOf({ sourceText: 'a'.repeat(100000) + emoji }).sourceText).toMatch(/Longer than 100000/);
    expect(errorsOf({ sourceText: emoji.repeat(100000) }).sourceText).toBeUndefined();
  });

  it('trims the text before the limits: outer spaces are neither counted nor sent', () => {
    const padded = `  ${'a'.repeat(100000)} \n`;
    expect(errorsOf({ sourceText: padded }).sourceText).toBeUndefined();
    const parsed = parseSpeechForm({ ...valid, sourceText: '\n  Hello there.  \t' });
    expect(parsed.success && parsed.data.sourceText).toBe('Hello there.');
  });

  it('refuses empty and whitespace-only text', () => {
    expect(errorsOf({ sourceText: '' }).sourceText).toBe('Text is required');
    expect(errorsOf({ sourceText: ' \n\t ' }).sourceText).toBe('Text is required');
  });

  it('needs a voice name or a timbre number, with the message on both', () => {
    const errors = errorsOf({ voiceName: '  ', timbreNumber: '' });
    expect(errors.voiceName).toBe('Give a voice name or a timbre number');
    expect(errors.timbreNumber).toBe('Give a voice name or a timbre number');
    expect(errorsOf({ voiceName: '', timbreNumber: '3' })).toEqual({});
    expect(errorsOf({ voiceName: 'en-us', timbreNumber: '' })).toEqual({});
  });

  it('refuses a timbre, scope or engine that is not a whole number', () => {
    expect(errorsOf({ timbreNumber: '1.5' }).timbreNumber).toBe('Must be a whole number');
    expect(errorsOf({ common: 'abc' }).common).toBe('Enter a number');
    expect(errorsOf({ selectedEngine: '7' })).toEqual({});
  });
});

describe('toSpeechRequest', () => {
  it('leaves out empty optional fields (Auto language) and sends numbers as numbers', () => {
    expect(toSpeechRequest({ ...valid, timbreNumber: ' 2 ', common: '1' })).toEqual({
      sourceText: 'Hello there.',
      voiceName: 'en-us',
      timbreNumber: 2,
      common: 1,
      speedFactor: 1,
      volume: 0,
      emotion: 0,
      format: 'wav',
    });
  });
});

describe('speechFormSchema in Chinese', () => {
  afterEach(() => setLocale('en'));

  it('words its problems in the operator language, the contract giving only codes', async () => {
    await setLocale('zh-CN');
    expect(errorsOf({ sourceText: ' ' }).sourceText).toBe('请输入文本');
    expect(errorsOf({ voiceName: '' })).toMatchObject({ voiceName: '请填写音色名称或音色编号', timbreNumber: '请填写音色名称或音色编号' });
    expect(errorsOf({ volume: 20.5 }).volume).toBe('不能大于 20');
    expect(errorsOf({ timbreNumber: '1.5' }).timbreNumber).toBe('必须是整数');
    expect(errorsOf({ sourceText: 'a'.repeat(100001) }).sourceText).toBe('超过 100000 个字符：超出工作室可分段发送的上限');
  });
});
