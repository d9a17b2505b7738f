// The Xing frame of a VBR MP3: it tells players the frame count and size (so they know the
// duration without reading the whole file) and where each percent of it starts (for seeking).
// Plain JS: the speech worker (no TS loader) writes it and the console's join writes one too.

const FLAG_FRAMES = 1;
const FLAG_BYTES = 2;
const FLAG_TOC = 4;

/** A silent frame at 64 kbps (MPEG-1 and -2 alike) holds the tag whatever the sample rate. */
const TAG_KBPS_INDEX = { mpeg1: 5, mpeg2: 8 };
const KBPS = { mpeg1: 64, mpeg2: 64 };
/** @type {Record<number, number[]>} MPEG version bits → the three sample rates. */
const RATES = { 3: [44100, 48000, 32000], 2: [22050, 24000, 16000], 0: [11025, 12000, 8000] };

/**
 * `header`: the 4 header bytes of the first audio frame (sample rate and mode are copied from it).
 * `frameStarts`: byte offsets of the audio frames from the first one; with `audioBytes` they give
 * the seek table.
 * @param {Uint8Array} header
 * @param {ArrayLike<number>} frameStarts
 * @param {number} audioBytes
 * @returns {Uint8Array}
 */
export function xingFrame(header, frameStarts, audioBytes) {
  const version = (header[1] >> 3) & 3;
  const mpeg1 = version === 3;
  const sampleRate = RATES[version][(header[2] >> 2) & 3];
  const kind = mpeg1 ? 'mpeg1' : 'mpeg2';
  const length = Math.floor(((mpeg1 ? 144 : 72) * KBPS[kind] * 1000) / sampleRate);
  const mono = header[3] >> 6 === 3;
  const sideInfo = mpeg1 ? (mono ? 17 : 32) : mono ? 9 : 17;
  const frame = new Uint8Array(length);
  frame[0] = 0xff;
  frame[1] = header[1] | 1; // no CRC
  frame[2] = (TAG_KBPS_INDEX[kind] << 4) | (header[2] & 0x0c);
  frame[3] = header[3];
  const view = new DataView(frame.buffer);
  let at = 4 + sideInfo;
  frame.set([0x58, 0x69, 0x6e, 0x67], at); // "Xing"
  view.setUint32(at + 4, FLAG_FRAMES | FLAG_BYTES | FLAG_TOC);
  view.setUint32(at + 8, frameStarts.length);
  view.setUint32(at + 12, length + audioBytes);
  at += 16;
  for (let i = 0; i < 100; i++) {
    const start = frameStarts[Math.min(frameStarts.length - 1, Math.floor((i * frameStarts.length) / 100))] ?? 0;
    frame[at + i] = Math.min(255, Math.floor((256 * (length + start)) / (length + audioBytes)));
  }
  return frame;
}
