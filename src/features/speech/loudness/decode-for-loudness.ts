import type { PcmChannels } from './loudness';
import { findMp3Frames } from '../audio';

/**
 * An MP3 take's samples, decoded by the browser (workers have no decoder) at the file's own
 * sample rate, so nothing is resampled before the measurement. Copies of the channels, to be
 * moved to the worker.
 */
export async function decodeMp3Channels(audio: Blob): Promise<PcmChannels> {
  const bytes = await audio.arrayBuffer();
  const { sampleRate } = findMp3Frames(new Uint8Array(bytes));
  const context = new OfflineAudioContext(1, 1, sampleRate);
  const buffer = await context.decodeAudioData(bytes);
  const channels = Array.from({ length: buffer.numberOfChannels }, (_, c) => buffer.getChannelData(c).slice());
  return { sampleRate: buffer.sampleRate, channels };
}
