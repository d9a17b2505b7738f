import { describe, expect, it } from 'vitest';
import type { Take } from '../take/take';
import { cuesOfTake, subtitleFile } from './subtitle-file';

const take = {
  format: 'wav',
  request: { sourceText: 'Hello there. General Kenobi.', voiceName: 'en-us' },
  result: {
    taskId: 'AI1234',
    speeches: [
      { index: 0, startMs: 0, endMs: 900, text: 'Hello there.' },
      { index: 1, startMs: 900, endMs: 2100, text: 'General Kenobi.' },
    ],
  },
} as unknown as Take;

describe('subtitle files of a take', () => {
  it('are named like its audio, with their own extension', () => {
    const cues = cuesOfTake(take, 2100);
    expect(subtitleFile(take, cues, 'srt').name).toBe('hello-there-general-kenobi_en-us_AI1234.srt');
    expect(subtitleFile(take, cues, 'vtt').name).toBe('hello-there-general-kenobi_en-us_AI1234.vtt');
  });

  it('hold one cue per segment, timed as the segments', async () => {
    const cues = cuesOfTake(take, 2100);
    expect(cues.estimated).toBe(false);
    expect(await subtitleFile(take, cues, 'srt').blob.text()).toBe(
      '1\r\n00:00:00,000 --> 00:00:00,900\r\nHello there.\r\n\r\n2\r\n00:00:00,900 --> 00:00:02,100\r\nGeneral Kenobi.\r\n\r\n',
    );
    expect(await subtitleFile(take, cues, 'vtt').blob.text()).toContain('00:00:00.900 --> 00:00:02.100\nGeneral Kenobi.');
  });

  it('are estimated from the sentences over the duration when the take has no segments', () => {
    const cues = cuesOfTake({ ...take, result: { ...take.result, speeches: undefined } } as Take, 2000);
    expect(cues.estimated).toBe(true);
    expect(cues.cues.map((c) => c.lines.join(' '))).toEqual(['Hello there.', 'General Kenobi.']);
    expect(cues.cues.at(-1)!.endMs).toBe(2000);
  });
});
