import { speechSegmentSchema, type SpeechSegment } from '@/contract';
import type { TakePart } from '../take';
import { columns, cueTexts } from './wrap-subtitle';

export type Cue = { startMs: number; endMs: number; lines: string[] };

export type TakeCues = {
  cues: Cue[];
  /** True when the take had no usable segments: cues were timed from a sentence split and the audio's duration. */
  estimated: boolean;
  /** Indexes of segments left out because their times cannot be true (negative, not finite, end before start). */
  skippedSegments: number[];
};

/** What subtitles need of a take: its segments (on the joined clock for a joined take), text, duration and parts. */
export type SubtitleSource = {
  speeches: readonly unknown[] | null | undefined;
  text: string;
  durationMs: number;
  parts?: readonly Pick<TakePart, 'text' | 'startMs'>[];
};

/**
 * Cues of a take: one or more per segment, a long segment split into cues of at most two lines of
 * 42 columns, each cue's share of the segment's time proportional to its characters. Segments of a
 * joined take are already on the joined clock (run-long-synthesis merges them with each part's start).
 */
export function takeCues(source: SubtitleSource): TakeCues {
  const segments: SpeechSegment[] = [];
  const skippedSegments: number[] = [];
  for (const [i, raw] of (source.speeches ?? []).entries()) {
    const s = speechSegmentSchema.safeParse(raw);
    if (
      !s.success ||
      !Number.isFinite(s.data.startMs) ||
      !Number.isFinite(s.data.endMs) ||
      s.data.startMs < 0 ||
      s.data.endMs < s.data.startMs
    )
      skippedSegments.push(i);
    else if (s.data.text.trim() !== '') segments.push(s.data);
  }
  if (segments.length > 0) {
    const cues = segments.sort((a, b) => a.startMs - b.startMs).flatMap((s) => spread(s.text, s.startMs, s.endMs));
    return { cues, estimated: false, skippedSegments };
  }
  return { cues: estimatedCues(source), estimated: true, skippedSegments };
}

/** A text's cues spread over [startMs, endMs], each by its share of the characters. */
function spread(text: string, startMs: number, endMs: number): Cue[] {
  const groups = cueTexts(text);
  const weights = groups.map((lines) => Math.max(1, columns(lines.join(''))));
  const total = weights.reduce((a, b) => a + b, 0);
  const cues: Cue[] = [];
  let before = 0;
  for (const [i, lines] of groups.entries()) {
    const from = startMs + Math.round(((endMs - startMs) * before) / total);
    before += weights[i]!;
    const to = startMs + Math.round(((endMs - startMs) * before) / total);
    cues.push({ startMs: from, endMs: to, lines });
  }
  return cues;
}

let sentenceSegmenter: Intl.Segmenter | undefined;

function sentencesOf(text: string): string[] {
  sentenceSegmenter ??= new Intl.Segmenter(undefined, { granularity: 'sentence' });
  return [...sentenceSegmenter.segment(text)].map((s) => s.segment.trim()).filter(Boolean);
}

/** No segments: each part (or the whole take) split into sentences, its time shared by characters. */
function estimatedCues({ text, durationMs, parts }: SubtitleSource): Cue[] {
  const spans =
    parts && parts.length > 0
      ? parts.map((p, i) => ({ text: p.text, startMs: p.startMs, endMs: parts[i + 1]?.startMs ?? durationMs }))
      : [{ text, startMs: 0, endMs: durationMs }];
  return spans.flatMap((span) => {
    const sentences = sentencesOf(span.text);
    const total = sentences.reduce((n, s) => n + columns(s), 0) || 1;
    let before = 0;
    return sentences.flatMap((s) => {
      const from = span.startMs + Math.round(((span.endMs - span.startMs) * before) / total);
      before += columns(s);
      return spread(s, from, span.startMs + Math.round(((span.endMs - span.startMs) * before) / total));
    });
  });
}
