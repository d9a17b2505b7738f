// What each thread of a synthesis job did when, for `npm run bench:speech-timeline`: on only with
// SPEECH_TIMELINE=1 (read by the worker threads), otherwise every call is a no-op.
export const TIMELINE_ON = process.env.SPEECH_TIMELINE === '1';

/** Milliseconds on a clock all threads share. */
export const clock = () => performance.timeOrigin + performance.now();

/** @typedef {{ thread: string; what: string; start: number; end: number }} TimelineEvent */

/** @type {TimelineEvent[]} */
let events = [];

/**
 * `thread` names who did it ("synth", "helper"), `what` names the work.
 * @param {string} thread
 * @param {string} what
 * @param {number} start
 * @param {number} [end]
 */
export function mark(thread, what, start, end = clock()) {
  if (TIMELINE_ON) events.push({ thread, what, start, end });
}

/**
 * The events since the last take (a worker runs one job at a time).
 * @returns {TimelineEvent[]}
 */
export function takeTimeline() {
  const taken = events;
  events = [];
  return taken;
}
