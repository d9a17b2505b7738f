import { describe, expect, it } from 'vitest';
import { countSourceTextChars } from '@/contract';
import { splitText } from './split-text';

const texts = (text: string, max?: number) => splitText(text, max).map((p) => p.text);
const SENTENCE_END = /[.!?;。！？；…]["'”’)\]）」』》】]*$/u;

describe('splitText', () => {
  it('keeps a text within the limit as one part', () => {
    expect(splitText('  Hello there.  ')).toEqual([{ text: 'Hello there.', offset: 2 }]);
    expect(splitText('   ')).toEqual([]);
  });

  it('cuts at paragraph ends first, packing whole paragraphs', () => {
    const a = 'First paragraph. It has two sentences.';
    const b = 'Second one.';
    const c = 'Third paragraph is here.';
    expect(texts(`${a}\n\n${b}\n\n${c}`, 55)).toEqual([`${a}\n\n${b}`, c]);
  });

  it('cuts a long paragraph at sentence ends, with ! ? ; and closing quotes', () => {
    const parts = texts('One two three! "Four five six?" Seven eight; nine ten. Eleven.', 20);
    expect(parts).toEqual(['One two three!', '"Four five six?"', 'Seven eight;', 'nine ten. Eleven.']);
  });

  it('does not cut after abbreviations, initials or inside decimals', () => {
    const text = 'Dr. Smith paid 3.5 dollars to J. R. Jones, e.g. for tea. Then he left.';
    expect(texts(text, 60)).toEqual(['Dr. Smith paid 3.5 dollars to J. R. Jones, e.g. for tea.', 'Then he left.']);
  });

  it('cuts CJK text at 。！？ without spaces', () => {
    const parts = texts('今天天气很好。我们去公园吧！你觉得怎么样？好的。', 8);
    expect(parts).toEqual(['今天天气很好。', '我们去公园吧！', '你觉得怎么样？', '好的。']);
  });

  it('splits a 6,000-character sentence without punctuation at word boundaries, never mid-word', () => {
    const words = ['alpha', 'be', 'gamma', 'delta', 'epsilon', 'zeta', 'eta', 'theta'];
    const text = Array.from({ length: 6000 }, (_, i) => words[i % words.length])
      .join(' ')
      .slice(0, 6000);
    expect(countSourceTextChars(text)).toBe(6000);
    const parts = splitText(text);
    expect(parts.length).toBe(2);
    for (const p of parts) {
      expect(countSourceTextChars(p.text)).toBeLessThanOrEqual(5000);
      // Each part starts and ends on a whole word of the original.
      expect(p.offset === 0 || /\s/.test(text[p.offset - 1]!)).toBe(true);
      const end = p.offset + p.text.length;
      expect(end === text.length || /\s/.test(text[end]!)).toBe(true);
    }
    expect(parts.map((p) => p.text).join(' ')).toBe(text);
  });

  it('cuts one word longer than a part by code points, as the last resort', () => {
    expect(texts('😀'.repeat(12), 5)).toEqual(['😀😀😀😀😀', '😀😀😀😀😀', '😀😀']);
    expect(texts('a'.repeat(6000))).toEqual(['a'.repeat(5000), 'a'.repeat(1000)]);
  });

  it('cuts CJK text without punctuation at dictionary words', () => {
    const text = '我们今天去公园散步然后回家吃饭';
    const parts = texts(text, 6);
    expect(parts.join('')).toBe(text);
    expect(parts.every((p) => countSourceTextChars(p) <= 6)).toBe(true);
    // "公园" (park) and "回家" (go home) are words: neither is cut in two.
    expect(parts.some((p) => p.endsWith('公') || p.endsWith('回'))).toBe(false);
  });

  it('12,000 characters of prose: at least 3 parts, each at most 5,000 and ending at a sentence end, nothing lost', () => {
    const sentence = 'The console reads this sentence aloud so that there is realistic speech. ';
    const text = sentence
      .repeat(Math.ceil(12000 / sentence.length))
      .slice(0, 12000)
      .replace(/\s*\S*$/, '.');
    const parts = splitText(text);
    expect(parts.length).toBeGreaterThanOrEqual(3);
    for (const p of parts) {
      expect(countSourceTextChars(p.text)).toBeLessThanOrEqual(5000);
      expect(p.text).toMatch(SENTENCE_END);
      expect(text.slice(p.offset, p.offset + p.text.length)).toBe(p.text);
    }
    expect(parts.map((p) => p.text).join(' ')).toBe(text.trim());
  });
});
