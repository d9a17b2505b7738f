import { createSlicer, type SliceOptions } from '@/lib/slicer';

/** A file being read: yields after each entry (a place to pause), returns what was read. */
export type Reading<T> = Generator<void, T, undefined>;

/** The work a reader did: characters it visited (scanned, searched or copied), for tests that bound it. */
export type ReadMeter = { steps: number };

/** A reading run to its end at once. */
export function drain<T>(reading: Reading<T>): T {
  for (;;) {
    const next = reading.next();
    if (next.done) return next.value;
  }
}

/** A reading run in slices: between entries it yields to the browser whenever a slice has run its time, so input and paint go on. */
export async function drainInSlices<T>(reading: Reading<T>, options?: SliceOptions): Promise<T> {
  const slicer = createSlicer(options);
  for (;;) {
    const next = reading.next();
    if (next.done) return next.value;
    if (slicer.due()) await slicer.pause();
  }
}
