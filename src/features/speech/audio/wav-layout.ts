import { t } from '@/i18n/i18n-store';
import type { PcmFormat } from './pcm-to-wav';

/** Where the samples of a WAV file sit, and how they are laid out. */
export type WavLayout = { format: PcmFormat; dataOffset: number; dataBytes: number };

const HEAD_BYTES = 4096;

/**
 * Reads the RIFF chunks at the start of a WAV blob: integer PCM only. A data size of 0 or past the
 * end (a streamed WAV) means "to the end of the file"; a trailing partial frame is left out.
 */
export async function readWavLayout(blob: Blob): Promise<WavLayout> {
  const head = new DataView(await blob.slice(0, HEAD_BYTES).arrayBuffer());
  const tag = (at: number) => String.fromCharCode(head.getUint8(at), head.getUint8(at + 1), head.getUint8(at + 2), head.getUint8(at + 3));
  if (head.byteLength < 12 || tag(0) !== 'RIFF' || tag(8) !== 'WAVE') throw new Error(t('speech.long.notWav'));
  let format: PcmFormat | null = null;
  for (let at = 12; at + 8 <= head.byteLength;) {
    const id = tag(at);
    const size = head.getUint32(at + 4, true);
    if (id === 'fmt ') {
      if (head.getUint16(at + 8, true) !== 1) throw new Error(t('speech.long.notPcm'));
      format = {
        channels: head.getUint16(at + 10, true),
        sampleRate: head.getUint32(at + 12, true),
        bitsPerSample: head.getUint16(at + 22, true),
      };
    }
    if (id === 'data') {
      if (!format) throw new Error(t('speech.long.noFmt'));
      const dataOffset = at + 8;
      const available = blob.size - dataOffset;
      const declared = size === 0 || size > available ? available : size;
      const blockAlign = format.channels * (format.bitsPerSample / 8);
      return { format, dataOffset, dataBytes: declared - (declared % blockAlign) };
    }
    at += 8 + size + (size % 2);
  }
  throw new Error(t('speech.long.noData'));
}
