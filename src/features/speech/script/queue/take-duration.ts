import type { AudioFormat } from '@/contract';
import { findMp3Frames, pcmDurationSeconds, type PcmFormat, SAMPLE_CONTAINER } from '../../audio';

/**
 * How long each format's audio plays, from its bytes (ms): a WAV's header, raw PCM's size with the
 * connection's settings, an MP3's frames. An MP3 plays every frame it has, the encoder's delay and
 * padding included (no LAME tag tells a player to drop them), which is what ffprobe reports; the
 * answer's segments end earlier, at the last sound of the samples that were encoded.
 */
const PLAYS_FOR: Record<AudioFormat, (audio: Blob, pcm: PcmFormat) => Promise<number>> = {
  wav: samplesMs('wav'),
  pcm: samplesMs('pcm'),
  mp3: async (audio) => {
    const frames = findMp3Frames(new Uint8Array(await audio.arrayBuffer()));
    return (frames.frames * frames.samplesPerFrame * 1000) / frames.sampleRate;
  },
};

function samplesMs(format: 'wav' | 'pcm') {
  return async (audio: Blob, pcm: PcmFormat) => {
    const layout = await SAMPLE_CONTAINER[format].layout(audio, pcm);
    return pcmDurationSeconds(layout.dataBytes, layout.format) * 1000;
  };
}

/** A take's length in whole ms: from its audio, else where its last segment ends; null when nothing says. */
export async function takeDurationMs(
  audio: Blob | null,
  format: AudioFormat,
  pcmFormat: PcmFormat,
  speeches: readonly unknown[] | null | undefined,
): Promise<number | null> {
  const measured = audio ? await PLAYS_FOR[format](audio, pcmFormat).catch(() => null) : null;
  if (measured !== null && Number.isFinite(measured)) return Math.round(measured);
  const ends = (speeches ?? []).map((s) => (s as { endMs?: unknown } | null)?.endMs).filter((e): e is number => typeof e === 'number');
  return ends.length > 0 ? Math.max(...ends) : null;
}
