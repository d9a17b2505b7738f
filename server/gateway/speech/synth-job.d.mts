import type { TimelineEvent } from './job-timeline.mjs';

export type SynthJobInput = {
  sentences: string[];
  voice: string;
  wpm: number;
  pitch: number;
  range: string;
  volumeDb: number;
  format: 'pcm' | 'wav' | 'mp3';
  gapMs: number;
};
/** `timeline` only with SPEECH_TIMELINE=1 (see job-timeline.mjs). */
export type SynthJobResult = {
  bytes: Uint8Array;
  spans: { startMs: number; endMs: number }[];
  durationMs: number;
  engineCalls: number;
  timeline?: TimelineEvent[];
};
export const MARKER_BREAK_MS: number;
export function buildSsml(sentences: string[], range: string): string;
export function runSynthJob(job: SynthJobInput): Promise<SynthJobResult>;
