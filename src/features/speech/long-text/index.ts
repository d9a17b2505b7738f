export { deleteJob, doneParts, latestJob, saveJob } from './job-db';
export type { LongJob, PausedJob } from './long-job';
export { PausedJobNotice } from './paused-job';
export type { LongProgress } from './run-long-synthesis';
export { LONG_TEXT_MAX_CHARS, splitText } from './split-text';
export { SynthesisProgress } from './synthesis-progress';
// The long-synthesis runner (joining, loudness of the whole) loads when a long text is first sent, in a chunk of its own.
export const loadLongSynthesis = () => import('./run-long-synthesis');
