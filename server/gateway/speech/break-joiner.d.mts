export type Span = { startMs: number; endMs: number };
export type BreakJoiner = { push(samples: Int16Array): void; output(): Int16Array; end(): { ok: boolean; spans: Span[] } };
export function createBreakJoiner(options: {
  sentenceCount: number;
  breakSamples: number;
  gapSamples: number;
  volumeDb: number;
}): BreakJoiner;
export type WavStreamReader = { streamable: boolean; write(bytes: Uint8Array, position: number): void; end(): void };
export function createWavStreamReader(onSamples: (samples: Int16Array) => void): WavStreamReader;
