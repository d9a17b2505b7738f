export type PcmFormat = { sampleRate: number; channels: number; bitsPerSample: number };

const WAV_HEADER_BYTES = 44;

/** The 44-byte RIFF/WAVE header for `dataBytes` bytes of little-endian integer PCM. */
export function wavHeader(dataBytes: number, { sampleRate, channels, bitsPerSample }: PcmFormat): Uint8Array<ArrayBuffer> {
  const blockAlign = channels * (bitsPerSample / 8);
  const header = new Uint8Array(WAV_HEADER_BYTES);
  const view = new DataView(header.buffer);
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
  return header;
}

/** Whole frames only: a trailing partial frame would make the data chunk size a lie. */
export function wholeFrameBytes(byteLength: number, { channels, bitsPerSample }: PcmFormat): number {
  const blockAlign = channels * (bitsPerSample / 8);
  return byteLength - (byteLength % blockAlign);
}

/** Raw PCM with a WAV header in front, so an audio element can play it. */
export function pcmToWav(pcm: Uint8Array, format: PcmFormat): Uint8Array<ArrayBuffer> {
  const dataBytes = wholeFrameBytes(pcm.byteLength, format);
  const out = new Uint8Array(WAV_HEADER_BYTES + dataBytes);
  out.set(wavHeader(dataBytes, format));
  out.set(pcm.subarray(0, dataBytes), WAV_HEADER_BYTES);
  return out;
}

/** Duration in seconds of raw PCM bytes. */
export function pcmDurationSeconds(byteLength: number, { sampleRate, channels, bitsPerSample }: PcmFormat): number {
  return byteLength / (sampleRate * channels * (bitsPerSample / 8));
}
