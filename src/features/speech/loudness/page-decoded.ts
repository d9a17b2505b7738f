import type { AudioFormat } from '@/contract';
import type { PcmChannels } from './loudness';
import type { TakeAudio } from './take-loudness';

const mp3 = (audio: Blob) => import('./decode-for-loudness').then(({ decodeMp3Channels }) => decodeMp3Channels(audio));

/** Per format: what the page decodes before a worker reads the take (MP3: workers have no decoder), or null for samples. */
const PAGE_DECODER: Record<AudioFormat, ((audio: Blob) => Promise<PcmChannels>) | null> = { mp3, wav: null, pcm: null };

/** The take with the samples only the page can decode (rejects when they cannot be decoded); as it came for WAV and PCM. */
export async function withPageDecoded<T extends TakeAudio>(take: T): Promise<T> {
  const decode = PAGE_DECODER[take.format];
  return decode ? { ...take, decoded: await decode(take.audio) } : take;
}

/** The decoded channels' buffers, to move (not copy) them to a worker. */
export const decodedBuffers = (take: TakeAudio): ArrayBuffer[] => take.decoded?.channels.map((c) => c.buffer as ArrayBuffer) ?? [];
