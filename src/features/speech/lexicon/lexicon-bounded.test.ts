import { describe, expect, it } from 'vitest';
import { countSourceTextChars } from '@/contract';
import { LONG_TEXT_MAX_CHARS } from '../long-text/split-text';
import { applyLexicon, ruleApplied, type LexiconRule } from './lexicon';
import { MAX_RULE_TEXT_CHARS } from './lexicon-limits';

// Issue 36, fall 4: a rule "the" → 1,000,000 characters made the text sent tens of millions of
// characters long before its length was checked, and crashed the tab.
const rule = (written: string, said: string, extra: Partial<LexiconRule> = {}): LexiconRule => ({
  written,
  said,
  wholeWord: true,
  caseSensitive: false,
  ...extra,
});

describe('applyLexicon, bounded while it builds', () => {
  it('stops once the text sent passes the longest text the studio sends, and says so', () => {
    const long = rule('the', 'y'.repeat(MAX_RULE_TEXT_CHARS));
    const result = applyLexicon('the '.repeat(2000), [long]);
    // The whole length is still said (counted, not built): 2,000 × ("y" × 500 + " "), the last space not sent.
    expect(result).toMatchObject({ tooLong: true, chars: 2000 * (MAX_RULE_TEXT_CHARS + 1) - 1 });
    const chars = countSourceTextChars(result.text);
    expect(chars).toBeGreaterThan(LONG_TEXT_MAX_CHARS);
    // Stopped at the first rule past the bound, not after all 2,000.
    expect(chars).toBeLessThanOrEqual(LONG_TEXT_MAX_CHARS + MAX_RULE_TEXT_CHARS + 1);
    expect(result.fired.length).toBeLessThanOrEqual(Math.ceil(LONG_TEXT_MAX_CHARS / MAX_RULE_TEXT_CHARS) + 1);
  });

  it('counts the text as sent (trimmed, in code points) against a bound it is given', () => {
    expect(applyLexicon('a a', [rule('a', 'bb')], undefined, 5)).toMatchObject({ text: 'bb bb' });
    expect(applyLexicon('a a', [rule('a', 'bb')], undefined, 5).tooLong).toBeUndefined();
    expect(applyLexicon('a a a', [rule('a', 'bb')], undefined, 5)).toMatchObject({ tooLong: true });
    // Trailing whitespace is not sent, so it does not count.
    expect(applyLexicon('a a      ', [rule('a', 'bb')], undefined, 5).tooLong).toBeUndefined();
    expect(applyLexicon('a 😀', [rule('a', '😀😀')], undefined, 4).tooLong).toBeUndefined();
  });

  it('sets aside a rule stored before the cap on written or said (it is not applied at all)', () => {
    const huge = rule('the', 'x'.repeat(10 * MAX_RULE_TEXT_CHARS));
    expect(ruleApplied(huge)).toBe(false);
    expect(ruleApplied(rule('the', 'x'.repeat(MAX_RULE_TEXT_CHARS)))).toBe(true);
    const result = applyLexicon('the cat and the dog', [huge, rule('dog', 'hound')]);
    expect(result).toEqual({ text: 'the cat and the hound', fired: [{ rule: 1, from: 16, to: 19, sentFrom: 16, sentTo: 21 }] });
  });

  it('does work that follows the matches taken, not every rule at every place', () => {
    // 2,000 rules that all match every "a" (one per language, the text has none): only the first can fire.
    const rules = Array.from({ length: 2000 }, (_, i) => rule('a', 'b', { language: `l${i}` }));
    let execs = 0;
    const exec = RegExp.prototype.exec;
    RegExp.prototype.exec = function (this: RegExp, s: string) {
      execs++;
      return exec.call(this, s);
    };
    try {
      const text = 'a '.repeat(5000);
      expect(applyLexicon(text, rules).fired).toHaveLength(5000);
    } finally {
      RegExp.prototype.exec = exec;
    }
    // A handful of regex runs per match taken (its rule's next match, the whole-word edges); not 2,000 rules × 5,000 places.
    expect(execs).toBeLessThan(10 * 5000);
  });
});
