// Synthesis threads give way to the gateway's event loop when every core is busy (an MP3 job uses
// two threads): status answers keep flowing, and speech still has the cores when the loop is idle.
import { getPriority, setPriority } from 'node:os';

/** A nice value: how far below the event loop synthesis runs. */
export const SYNTHESIS_NICE = 5;

/**
 * Lowers the calling thread only. On Linux the nice value belongs to the thread; elsewhere it would
 * lower the whole process (the event loop too), so nothing is done there.
 * @param {string} [platform]
 * @returns {boolean}
 */
export function lowerThisThread(platform = process.platform) {
  if (platform !== 'linux') return false;
  try {
    setPriority(Math.max(getPriority(), SYNTHESIS_NICE));
    return true;
  } catch {
    return false;
  }
}
