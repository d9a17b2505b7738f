export const SAMPLE_RATE: number;
export function msToSamples(ms: number): number;
export function samplesToMs(n: number): number;
export function wavSamples(wav: Uint8Array): Int16Array;
export function silentRuns(samples: Int16Array, minSamples: number, threshold?: number): [number, number][];
export function splitAtBreaks(samples: Int16Array, sentenceCount: number, breakSamples: number): Int16Array[] | null;
export function joinWithGaps(parts: Int16Array[], gapSamples: number): { samples: Int16Array; spans: { startMs: number; endMs: number }[] };
export function applyGain(samples: Int16Array, db: number): Int16Array;
export function rms(samples: Int16Array): number;
