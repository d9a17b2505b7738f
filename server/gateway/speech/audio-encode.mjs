// Encoders for the three output formats. Plain JS: runs inside the synthesis worker.
import { xingFrame } from '../../../src/contract/mp3-xing-frame.mjs';
import { loadLameEncoder } from './lame-encoder.mjs';
import { SAMPLE_RATE } from './pcm-ops.mjs';

/**
 * LAME's VBR quality (0 best … 9.999 smallest). VBR costs about two thirds of the CPU of CBR
 * (no bitrate loop); at 6 speech averages ≈ 49 kbps. A Xing frame gives players the duration.
 */
export const MP3_VBR_QUALITY = 6;
/**
 * LAME's algorithm quality (0 best … 9 fastest; its VBR default is 3). At 7 each band's step size
 * is computed rather than searched for: LAME takes ≈ 28 % less CPU, and with VBR 6 in place of
 * VBR 7 the speech is as large and measures as close to the source or closer (docs/decisions/gateway-speech.md, "MP3 encoding").
 */
export const MP3_ALGORITHM_QUALITY = 7;

const LITTLE_ENDIAN = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;

/**
 * The samples as signed 16-bit little-endian bytes: a view of them where they already are that (Int16Array, little-endian machine).
 * @param {Int16Array | ArrayLike<number>} samples
 */
function pcmBytes(samples) {
  if (LITTLE_ENDIAN && samples instanceof Int16Array) return new Uint8Array(samples.buffer, samples.byteOffset, samples.byteLength);
  const out = new Uint8Array(samples.length * 2);
  const view = new DataView(out.buffer);
  for (let i = 0; i < samples.length; i++) view.setInt16(i * 2, samples[i], true);
  return out;
}

/**
 * Raw PCM: signed 16-bit little-endian, mono, 22,050 Hz, no header.
 * @param {Int16Array | ArrayLike<number>} samples
 * @returns {Uint8Array}
 */
export function encodePcm(samples) {
  const bytes = pcmBytes(samples);
  // A view of the caller's own samples is copied: the answer must not share their buffer.
  return bytes.buffer === /** @type {{ buffer?: ArrayBufferLike }} */ (samples).buffer ? bytes.slice() : bytes;
}

/**
 * Canonical 44-byte-header WAV, the layout espeak itself writes.
 * @param {Int16Array} samples
 * @returns {Uint8Array}
 */
export function encodeWav(samples) {
  const pcm = pcmBytes(samples);
  const out = new Uint8Array(44 + pcm.length);
  const view = new DataView(out.buffer);
  /** @type {(at: number, s: string) => void} */
  const text = (at, s) => [...s].forEach((ch, i) => view.setUint8(at + i, ch.charCodeAt(0)));
  text(0, 'RIFF');
  view.setUint32(4, 36 + pcm.length, true);
  text(8, 'WAVE');
  text(12, 'fmt ');
  view.setUint32(16, 16, true);
  view.setUint16(20, 1, true);
  view.setUint16(22, 1, true);
  view.setUint32(24, SAMPLE_RATE, true);
  view.setUint32(28, SAMPLE_RATE * 2, true);
  view.setUint16(32, 2, true);
  view.setUint16(34, 16, true);
  text(36, 'data');
  view.setUint32(40, pcm.length, true);
  out.set(pcm, 44);
  return out;
}

/**
 * The chunks one after another in one new array.
 * @param {readonly Uint8Array[]} chunks
 * @returns {Uint8Array}
 */
export function joinBytes(chunks) {
  const out = new Uint8Array(chunks.reduce((n, c) => n + c.length, 0));
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.length;
  }
  return out;
}

// One encoder per worker thread, made once: instantiating LAME's WASM costs tens of ms.
/** @type {Promise<import('./lame-encoder.mjs').LameEncoder> | null} */
let encoderReady = null;

/**
 * One fresh LAME stream: write() samples as they come, end() flushes it and gives its frames,
 * without a Xing frame (see mp3File). LAME's set-up costs ≈ 0.4 ms, so consecutive audio goes
 * into one stream rather than one per piece.
 * @typedef {{ write(samples: Int16Array): void; end(): Uint8Array }} Mp3Stream
 * @returns {Promise<Mp3Stream>}
 */
export async function createMp3Stream() {
  encoderReady ??= loadLameEncoder();
  const encoder = await encoderReady;
  const lame = encoder.open(SAMPLE_RATE, MP3_VBR_QUALITY, MP3_ALGORITHM_QUALITY);
  /** @type {Uint8Array[]} */
  const chunks = [];
  return {
    write(samples) {
      chunks.push(...lame.encode(samples));
    },
    end() {
      chunks.push(lame.flush());
      return joinBytes(chunks);
    },
  };
}

/**
 * MP3 frames of one fresh LAME stream, without a Xing frame (see mp3File).
 * @param {Int16Array} samples
 * @returns {Promise<Uint8Array>}
 */
export async function encodeMp3(samples) {
  const stream = await createMp3Stream();
  stream.write(samples);
  return stream.end();
}

const MPEG2_KBPS = [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160];
const MPEG2_RATES = [22050, 24000, 16000];

/**
 * Byte offsets of the MPEG-2 Layer III frames LAME wrote (it writes nothing else here).
 * @param {Uint8Array} frames
 * @returns {number[]}
 */
function mp3FrameStarts(frames) {
  /** @type {number[]} */
  const starts = [];
  for (let at = 0; at + 4 <= frames.length;) {
    starts.push(at);
    const b2 = frames[at + 2];
    at += Math.floor((72_000 * MPEG2_KBPS[b2 >> 4]) / MPEG2_RATES[(b2 >> 2) & 3]) + ((b2 >> 1) & 1);
  }
  return starts;
}

/**
 * The MP3 file: a Xing frame (frame count, size, seek table), then the frames.
 * @param {Uint8Array} frames
 * @returns {Uint8Array}
 */
export function mp3File(frames) {
  if (frames.length < 4) return frames;
  const tag = xingFrame(frames.subarray(0, 4), mp3FrameStarts(frames), frames.length);
  const out = new Uint8Array(tag.length + frames.length);
  out.set(tag);
  out.set(frames, tag.length);
  return out;
}
