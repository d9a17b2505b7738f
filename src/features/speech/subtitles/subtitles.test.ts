import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { mergeSegments } from '../long-text/merge-segments';
import { takeCues, type Cue } from './subtitle-cues';
import { toSrt, toVtt } from './subtitle-formats';
import { columns, MAX_LINE_COLUMNS, wrapLines } from './wrap-subtitle';

const LONG =
  'This sentence is long enough that it needs more than two lines of forty-two characters, so it becomes two cues <b>& more</b>.';
const segments = [
  { index: 0, text: 'Hello there.', startMs: 0, endMs: 1200 },
  { index: 1, text: LONG, startMs: 1250, endMs: 9000 },
];

/** Reads SRT or WebVTT back into cues (timings and text lines), as a player would. */
function parseBack(text: string): Cue[] {
  const time = (t: string) => {
    const [h, m, s, ms] = t.split(/[:,.]/).map(Number);
    return ((h! * 60 + m!) * 60 + s!) * 1000 + ms!;
  };
  const unescape = (s: string) => s.replaceAll('&lt;', '<').replaceAll('&gt;', '>').replaceAll('&amp;', '&');
  return text
    .replace(/^WEBVTT\n\n/, '')
    .split(/\r?\n\r?\n/)
    .filter((b) => b.trim() !== '')
    .map((block) => {
      const lines = block.split(/\r?\n/);
      const at = lines.findIndex((l) => l.includes(' --> '));
      const [from, to] = lines[at]!.split(' --> ');
      return { startMs: time(from!), endMs: time(to!), lines: lines.slice(at + 1).map(unescape) };
    });
}

describe('subtitles from segments', () => {
  it('SRT golden: numbered cues, comma milliseconds, CRLF, a long segment split in balanced lines and cues timed in proportion to their characters', () => {
    const { cues, estimated } = takeCues({ speeches: segments, text: '', durationMs: 9000 });
    expect(estimated).toBe(false);
    expect(toSrt(cues)).toBe(
      '1\r\n00:00:00,000 --> 00:00:01,200\r\nHello there.\r\n\r\n' +
        '2\r\n00:00:01,250 --> 00:00:05,316\r\nThis sentence is long enough that\r\nit needs more than two lines of\r\n\r\n' +
        '3\r\n00:00:05,316 --> 00:00:09,000\r\nforty-two characters, so it\r\nbecomes two cues <b>& more</b>.\r\n\r\n',
    );
  });

  it('WebVTT golden: header, point milliseconds, hours past 99 minutes, text escaped', () => {
    const { cues } = takeCues({
      speeches: [{ index: 0, text: 'a < b & c --> d', startMs: 3_600_000 * 2 + 1, endMs: 7_300_000 }],
      text: '',
      durationMs: 0,
    });
    expect(toVtt(cues)).toBe('WEBVTT\n\n02:00:00.001 --> 02:01:40.000\na &lt; b &amp; c --&gt; d\n\n');
  });

  it('reads back to the same cues in both formats', () => {
    const { cues } = takeCues({ speeches: segments, text: '', durationMs: 9000 });
    expect(parseBack(toSrt(cues))).toEqual(cues);
    expect(parseBack(toVtt(cues))).toEqual(cues);
    expect(cues[0]).toEqual({ startMs: 0, endMs: 1200, lines: ['Hello there.'] });
    expect(cues.at(-1)!.endMs).toBe(9000);
  });

  it('a joined take: each part’s segments on the joined clock', () => {
    const speeches = mergeSegments([
      { speeches: [{ index: 0, text: 'Part one.', startMs: 0, endMs: 900 }], startMs: 0 },
      { speeches: [{ index: 0, text: 'Part two.', startMs: 100, endMs: 1000 }], startMs: 61_000 },
    ]);
    const { cues } = takeCues({ speeches, text: '', durationMs: 62_000 });
    expect(toSrt(cues)).toContain('2\r\n00:01:01,100 --> 00:01:02,000\r\nPart two.');
  });

  it('skips segments whose times cannot be true, and says which', () => {
    const { cues, skippedSegments } = takeCues({
      speeches: [{ index: 0, text: 'bad', startMs: 500, endMs: 100 }, { nope: 1 }, { index: 2, text: 'good', startMs: 0, endMs: 10 }],
      text: '',
      durationMs: 10,
    });
    expect(skippedSegments).toEqual([0, 1]);
    expect(cues).toEqual([{ startMs: 0, endMs: 10, lines: ['good'] }]);
  });
});

describe('subtitles without segments', () => {
  it('times sentences by their share of the duration, and says it estimated', () => {
    const { cues, estimated } = takeCues({
      speeches: null,
      text: 'First sentence here. Second one is a bit longer than the first! 第三句。',
      durationMs: 6000,
    });
    expect(estimated).toBe(true);
    expect(cues).toEqual([
      { startMs: 0, endMs: 1714, lines: ['First sentence here.'] },
      { startMs: 1714, endMs: 5314, lines: ['Second one is a bit longer than the first!'] },
      { startMs: 5314, endMs: 6000, lines: ['第三句。'] },
    ]);
  });

  it('a joined take without segments: each part on its own span', () => {
    const { cues } = takeCues({
      speeches: [],
      text: 'A. B.',
      durationMs: 10_000,
      parts: [
        { text: 'A.', startMs: 0 },
        { text: 'B.', startMs: 4000 },
      ],
    });
    expect(cues).toEqual([
      { startMs: 0, endMs: 4000, lines: ['A.'] },
      { startMs: 4000, endMs: 10_000, lines: ['B.'] },
    ]);
  });
});

describe('wrapLines', () => {
  it('wraps CJK without spaces within 21 characters (42 columns), between words, balanced, never starting a line with closing punctuation', () => {
    const lines = wrapLines('这是一个很长的中文句子，没有空格，但是字幕仍然需要在合适的位置换行，每行不超过二十一个汉字。');
    // Balanced lines broken between dictionary words (空格 stays whole), commas ending lines.
    expect(lines).toEqual(['这是一个很长的中文句子，没有空格，', '但是字幕仍然需要在合适的位置换行，', '每行不超过二十一个汉字。']);
    for (const l of wrapLines('一二三四五六七八九十一二三四五六七八九十一，二')) expect(l.startsWith('，')).toBe(false);
  });

  it('cuts a word longer than a line, and keeps every line within 42 columns', () => {
    const lines = wrapLines(`see ${'x'.repeat(100)} end`);
    expect(lines).toEqual(['see', 'x'.repeat(42), 'x'.repeat(42), `${'x'.repeat(16)} end`]);
    for (const l of lines) expect(columns(l)).toBeLessThanOrEqual(MAX_LINE_COLUMNS);
  });
});

describe('subtitles from any segments', () => {
  const words = fc.array(fc.constantFrom('word', 'a', 'sentence.', '<b>', '&', '-->', '汉字', '，', 'x'.repeat(45)), {
    minLength: 1,
    maxLength: 40,
  });
  const segment = fc.record({
    text: words.map((w) => w.join(' ')),
    startMs: fc.integer({ min: 0, max: 10_000_000 }),
    lengthMs: fc.integer({ min: 0, max: 60_000 }),
  });

  it('reads back the same cues from SRT and WebVTT, each cue within its segment, at most 2 lines', () => {
    fc.assert(
      fc.property(fc.array(segment, { maxLength: 6 }), (segs) => {
        const speeches = segs.map((s, index) => ({ index, text: s.text, startMs: s.startMs, endMs: s.startMs + s.lengthMs }));
        const { cues } = takeCues({ speeches, text: '', durationMs: 0 });
        expect(parseBack(toVtt(cues))).toEqual(cues);
        const srt = parseBack(toSrt(cues));
        expect(srt.map((c) => [c.startMs, c.endMs])).toEqual(cues.map((c) => [c.startMs, c.endMs]));
        for (const c of cues) {
          expect(c.lines.length).toBeGreaterThan(0);
          expect(c.lines.length).toBeLessThanOrEqual(2);
          expect(c.endMs).toBeGreaterThanOrEqual(c.startMs);
        }
      }),
      { numRuns: 200 },
    );
  });
});
