import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Take } from '../take/take';
import { SubtitleDownloads } from './subtitle-downloads';
import { LoudnessNoteText } from '../loudness/measured-loudness';

const take = (speeches?: unknown[]) =>
  ({ format: 'wav', request: { sourceText: 'One. Two.' }, result: { taskId: 'T1', speeches } }) as unknown as Take;

describe('SubtitleDownloads', () => {
  it('offers SRT and WebVTT for a take with segments, without saying "estimated"', () => {
    render(<SubtitleDownloads take={take([{ index: 0, startMs: 0, endMs: 500, text: 'One.' }])} durationMs={0} />);
    expect(screen.getByRole('button', { name: 'Download subtitles as SRT' })).toHaveTextContent('SRT');
    expect(screen.getByRole('button', { name: 'Download subtitles as WebVTT' })).toHaveTextContent('WebVTT');
    expect(screen.queryByText(/estimated/)).toBeNull();
  });

  it('says the timings are estimated for a take without segments, once the duration is known', () => {
    const { rerender } = render(<SubtitleDownloads take={take()} durationMs={0} />);
    expect(screen.queryByRole('button')).toBeNull();
    rerender(<SubtitleDownloads take={take()} durationMs={2000} />);
    expect(screen.getByText("Timings estimated from the sentences and the audio's length")).toBeInTheDocument();
    expect(screen.getAllByRole('button')).toHaveLength(2);
  });
});

describe('LoudnessNoteText', () => {
  it('says what the loudness setting did', () => {
    const { rerender, container } = render(
      <LoudnessNoteText
        note={{ normalized: true, targetLufs: -16, fromLufs: -21.43, lufs: -16.04, truePeakDbtp: -1.1, limitedByPeak: false }}
      />,
    );
    expect(container).toHaveTextContent('Normalized to -16 LUFS (was -21.4)');
    rerender(<LoudnessNoteText note={{ normalized: false, targetLufs: -23, reason: 'mp3' }} />);
    expect(container).toHaveTextContent('Not normalized (MP3)');
  });
});
