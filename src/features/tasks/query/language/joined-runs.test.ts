import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { limitJoinedRuns } from './joined-runs';

const MARK = '\u0301';
const MAN = '\u{1F468}';
const ZWJ = '\u200D';

describe('limitJoinedRuns', () => {
  it('keeps text whose characters carry at most 30 marks or joiners, as it is', () => {
    for (const text of ['status:failed abc', `e${MARK}`, `x${MARK.repeat(30)} y${MARK.repeat(30)}`, '👩‍👩‍👧‍👦 🇫🇷 👍🏽', '한국어', 'Z̤̈̈a̤̤l̈g̈o']) {
      expect(limitJoinedRuns(text)).toEqual({ text, left: 0 });
    }
  });

  it('cuts the issue’s 19,000 combining marks, and long emoji or jamo chains, to 30 after a character, saying how many went', () => {
    expect(limitJoinedRuns(MARK.repeat(19_000))).toEqual({ text: MARK.repeat(30), left: 18_970 });
    expect(limitJoinedRuns(`ab${MARK.repeat(40)}c d${MARK.repeat(31)}`)).toEqual({
      text: `ab${MARK.repeat(30)}c d${MARK.repeat(30)}`,
      left: 11,
    });
    // A man and 1,000 more joined to him: 2,000 code points after the first, in one character.
    const chain = `${MAN}${`${ZWJ}${MAN}`.repeat(1_000)}`;
    const cut = limitJoinedRuns(chain);
    // Every 16th joiner goes: the men stay, in characters of 16 (a man and 15 joined, 30 code points after him).
    expect(cut.left).toBe(62);
    expect([...cut.text].filter((c) => c === MAN)).toHaveLength(1_001);
    expect(cut.text.startsWith(`${MAN}${`${ZWJ}${MAN}`.repeat(15)}${MAN}${ZWJ}`)).toBe(true);
    expect(limitJoinedRuns('\u1100'.repeat(100)).left).toBe(70);
  });

  it('leaves no run longer than the bound, and only takes marks and joiners out, on any input', () => {
    const unit = fc.constantFrom('a', ' ', MARK, '\u0308', ZWJ, MAN, '\u{1F3FD}', '\uFE0F', '\u1161', 'é');
    fc.assert(
      fc.property(fc.string({ unit, maxLength: 300 }), fc.integer({ min: 1, max: 40 }), (text, max) => {
        const { text: out, left } = limitJoinedRuns(text, max);
        expect([...out].length + left).toBe([...text].length);
        expect(limitJoinedRuns(out, max)).toEqual({ text: out, left: 0 });
        // The characters that start a character (not marks or joiners) are all still there, in order.
        const bases = (s: string) => [...s].filter((c) => /^[a é]$/u.test(c)).join('');
        expect(bases(out)).toBe(bases(text));
      }),
      { numRuns: 500 },
    );
  });
});
