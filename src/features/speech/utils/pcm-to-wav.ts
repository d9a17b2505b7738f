export type PcmFormat = { sampleRate: number; channels: number; bitsPerSample: number };

const WAV_HEADER_BYTES = 44;

/** Raw little-endian integer PCM with a 44-byte RIFF/WAVE header in front, so an audio element can play it. */
export function pcmToWav(pcm: Uint8Array, { sampleRate, channels, bitsPerSample }: PcmFormat): Uint8Array<ArrayBuffer> {
  const blockAlign = channels * (bitsPerSample / 8);
  // A trailing partial frame would make the data chunk size a lie; drop it.
  const dataBytes = pcm.byteLength - (pcm.byteLength % blockAlign);
  const out = new Uint8Array(WAV_HEADER_BYTES + dataBytes);
  const view = new DataView(out.buffer);
  const ascii = (offset: number, s: string) => [...s].forEach((c, i) => view.setUint8(offset + i, c.charCodeAt(0)));
  ascii(0, 'RIFF');
  view.setUint32(4, 36 + dataBytes, true);
  ascii(8, 'WAVE');
  ascii(12, 'fmt ');
  view.setUint32(16, 16, true);
  view.setUint16(20, 1, true); // integer PCM
  view.setUint16(22, channels, true);
  view.setUint32(24, sampleRate, true);
  view.setUint32(28, sampleRate * blockAlign, true);
  view.setUint16(32, blockAlign, true);
  view.setUint16(34, bitsPerSample, true);
  ascii(36, 'data');
  view.setUint32(40, dataBytes, true);
  out.set(pcm.subarray(0, dataBytes), WAV_HEADER_BYTES);
  return out;
}

/** Duration in seconds of raw PCM bytes. */
export function pcmDurationSeconds(byteLength: number, { sampleRate, channels, bitsPerSample }: PcmFormat): number {
  return byteLength / (sampleRate * channels * (bitsPerSample / 8));
}
