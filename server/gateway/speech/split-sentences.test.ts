import { describe, expect, it } from 'vitest';
import { splitSentences } from './split-sentences';

describe('splitSentences', () => {
  it('splits at . ! ? followed by a space, keeping closing quotes', () => {
    expect(splitSentences('Hello there. "Is it?" Yes! Pi is 3.14 today')).toEqual(['Hello there.', '"Is it?"', 'Yes!', 'Pi is 3.14 today']);
  });

  it('splits Chinese and Japanese punctuation without spaces', () => {
    expect(splitSentences('你好，世界。今天天气很好！「走吧？」こんにちは。')).toEqual([
      '你好，世界。',
      '今天天气很好！',
      '「走吧？」',
      'こんにちは。',
    ]);
  });

  it('splits at line breaks and joins pieces with nothing to say to the sentence before', () => {
    expect(splitSentences('First line\nSecond line. ... !!\n\n')).toEqual(['First line', 'Second line. ... !!']);
    expect(splitSentences('... Then words.')).toEqual(['... Then words.']);
  });

  it('does not end a sentence at the period of an abbreviation or an initial', () => {
    expect(splitSentences('Ask Dr. Smith, e.g. today. J. R. Jones came (at 5 p.m. sharp). Done etc. Next one.')).toEqual([
      'Ask Dr. Smith, e.g. today.',
      'J. R. Jones came (at 5 p.m. sharp).',
      'Done etc. Next one.',
    ]);
    expect(splitSentences('It is in the box. Mr. Brown agrees.')).toEqual(['It is in the box.', 'Mr. Brown agrees.']);
  });

  it('gives nothing for blank text', () => {
    expect(splitSentences('  \n ')).toEqual([]);
  });
});
