import { createSlicer, type SliceOptions } from '@/lib/slicer';
import type { LexiconImport } from './lexicon-csv';

/** A lexicon file being read: yields after each entry (a place to pause), returns what was read. */
export type LexiconReading = Generator<void, LexiconImport, undefined>;

/** The work a reader did: characters it visited (scanned, searched or copied), for tests that bound it. */
export type ReadMeter = { steps: number };

/** A reading run to its end at once. */
export function drain(reading: LexiconReading): LexiconImport {
  for (;;) {
    const next = reading.next();
    if (next.done) return next.value;
  }
}

/** A reading run in slices: between entries it yields to the browser whenever a slice has run its time, so input and paint go on. */
export async function drainInSlices(reading: LexiconReading, options?: SliceOptions): Promise<LexiconImport> {
  const slicer = createSlicer(options);
  for (;;) {
    const next = reading.next();
    if (next.done) return next.value;
    if (slicer.due()) await slicer.pause();
  }
}
