import { describe, expect, it } from 'vitest';
import type { LexiconRule } from './lexicon';
import { MAX_LEXICON_RULES } from './files/lexicon-csv';
import { MAX_RULE_TEXT_CHARS } from './lexicon-limits';
import { checkRule, EMPTY_DRAFT, mergeRules, ruleOf } from './rule-check';

const rule = (written: string, said = 'x', extra: Partial<LexiconRule> = {}): LexiconRule => ({
  written,
  said,
  wholeWord: true,
  caseSensitive: false,
  ...extra,
});

describe('checkRule', () => {
  it('takes a whole rule, trimmed, language lower-cased', () => {
    const d = { ...EMPTY_DRAFT, written: ' ACME ', said: 'Ack me', language: 'en-US' };
    expect(checkRule(d, [], null)).toEqual({ problems: {} });
    expect(ruleOf(d)).toEqual({ written: 'ACME', said: 'Ack me', wholeWord: true, caseSensitive: false, language: 'en-us' });
  });

  it('refuses a written or said text over the cap (issue 36: "the" → a million characters), and takes one at it', () => {
    const long = 'y'.repeat(MAX_RULE_TEXT_CHARS + 1);
    expect(checkRule({ ...EMPTY_DRAFT, written: 'the', said: long }, [], null).problems).toEqual({ said: 'tooLong' });
    expect(checkRule({ ...EMPTY_DRAFT, written: long, said: 'x' }, [], null).problems).toEqual({ written: 'tooLong' });
    expect(checkRule({ ...EMPTY_DRAFT, written: 'the', said: long.slice(1) }, [], null).problems).toEqual({});
  });

  it('names each field that is wrong', () => {
    expect(checkRule({ ...EMPTY_DRAFT, written: ' ', language: 'english!' }, [], null).problems).toEqual({
      written: 'missingWritten',
      said: 'missingSaid',
      language: 'badLanguage',
    });
  });

  it('refuses the same rule twice (case folded unless case-sensitive), but not the rule being edited', () => {
    const rules = [rule('ACME'), rule('Dr', 'Doctor', { caseSensitive: true })];
    expect(checkRule({ ...EMPTY_DRAFT, written: 'acme', said: 'y' }, rules, null)).toEqual({
      problems: { written: 'duplicate' },
      repeats: 0,
    });
    expect(checkRule({ ...EMPTY_DRAFT, written: 'acme', said: 'y' }, rules, 0)).toEqual({ problems: {} });
    expect(checkRule({ ...EMPTY_DRAFT, written: 'dr', said: 'y', caseSensitive: true }, rules, null)).toEqual({ problems: {} });
  });

  it(`refuses a new rule past ${MAX_LEXICON_RULES}, and still edits one`, () => {
    const full = Array.from({ length: MAX_LEXICON_RULES }, (_, i) => rule(`w${i}`));
    expect(checkRule({ ...EMPTY_DRAFT, written: 'new', said: 'y' }, full, null).problems).toEqual({ rules: 'tooMany' });
    expect(checkRule({ ...EMPTY_DRAFT, written: 'new', said: 'y' }, full, 3).problems).toEqual({});
  });
});

describe('mergeRules', () => {
  it('adds after the rules there, keeps a rule once, counts what the limit leaves out', () => {
    const merged = mergeRules([rule('a')], [rule('A'), rule('b'), rule('c')]);
    expect(merged).toEqual({ rules: [rule('a'), rule('b'), rule('c')], added: 2, alreadyThere: 1, notAdded: 0 });
    const almost = Array.from({ length: MAX_LEXICON_RULES - 1 }, (_, i) => rule(`w${i}`));
    expect(mergeRules(almost, [rule('x'), rule('y'), rule('z')])).toMatchObject({ added: 1, notAdded: 2 });
  });
});
