// LAME's encoder built for speed (lame/: sources, build and licence in lame/NOTICE.md). Plain JS:
// runs inside the synthesis worker and the MP3 helper, one instance per thread.
import { readFile } from 'node:fs/promises';

const WASM = new URL('./lame/mp3-encoder.wasm', import.meta.url);
const EBADF = 8;
// The module imports these four WASI calls for C stdio code it never reaches (LAME's messages go to
// functions that print nothing): any write fails as if no file were open, and exit stops the call.
const wasi = {
  fd_close: () => EBADF,
  fd_seek: () => EBADF,
  fd_write: () => EBADF,
  /** @param {number} code */
  proc_exit: (code) => {
    throw new Error(`LAME exited (${code})`);
  },
};

/**
 * What lame/mp3-encoder.c exports (a stream is a non-zero handle; byte counts below 0 are errors).
 * @typedef {{
 *   memory: WebAssembly.Memory;
 *   _initialize(): void;
 *   max_samples(): number;
 *   pcm_buffer(): number;
 *   out_buffer(): number;
 *   open_stream(sampleRate: number, vbrQuality: number, algorithmQuality: number): number;
 *   encode(handle: number, samples: number): number;
 *   flush(handle: number): number;
 *   close_stream(handle: number): void;
 * }} LameExports
 */
/**
 * @typedef {{ encode(samples: Int16Array): Uint8Array[]; flush(): Uint8Array }} LameStream
 * @typedef {{ open(sampleRate: number, vbrQuality: number, algorithmQuality: number): LameStream }} LameEncoder
 */

/**
 * One LAME instance per thread: open() as many streams as needed (each its own encoder state).
 * @returns {Promise<LameEncoder>}
 */
export async function loadLameEncoder() {
  const { instance } = await WebAssembly.instantiate(await readFile(WASM), { wasi_snapshot_preview1: wasi });
  const lame = /** @type {LameExports} */ (/** @type {unknown} */ (instance.exports));
  lame._initialize();
  const maxSamples = lame.max_samples();
  const pcmAt = lame.pcm_buffer();
  const outAt = lame.out_buffer();
  // A stream dropped without flush() is freed when it is collected.
  /** @type {FinalizationRegistry<number>} */
  const unflushed = new FinalizationRegistry((handle) => lame.close_stream(handle));
  // A copy of the frames LAME just wrote (its buffer is reused by the next call).
  /** @param {number} bytes */
  const frames = (bytes) => {
    if (bytes < 0) throw new Error(`LAME could not encode (${bytes})`);
    return new Uint8Array(lame.memory.buffer, outAt, bytes).slice();
  };
  return {
    /** A new stream: mono, sampleRate in and out, LAME's VBR and algorithm quality. */
    open(sampleRate, vbrQuality, algorithmQuality) {
      let handle = lame.open_stream(sampleRate, vbrQuality, algorithmQuality);
      if (!handle) throw new Error(`LAME refused the stream settings (${sampleRate} Hz, VBR ${vbrQuality}, quality ${algorithmQuality})`);
      /** @type {LameStream} */
      const stream = {
        /** The frames completed by these samples (LAME holds back what does not fill a frame yet). */
        encode(samples) {
          if (!handle) throw new Error('LAME stream already flushed');
          /** @type {Uint8Array[]} */
          const out = [];
          for (let at = 0; at < samples.length; at += maxSamples) {
            const n = Math.min(maxSamples, samples.length - at);
            // Views are made per call: the memory's buffer is replaced when LAME's heap grows.
            new Int16Array(lame.memory.buffer, pcmAt, n).set(samples.subarray(at, at + n));
            out.push(frames(lame.encode(handle, n)));
          }
          return out;
        },
        /** The stream's last frames; the stream is freed. */
        flush() {
          if (!handle) throw new Error('LAME stream already flushed');
          const last = lame.flush(handle);
          handle = 0;
          unflushed.unregister(stream);
          return frames(last);
        },
      };
      unflushed.register(stream, handle, stream);
      return stream;
    },
  };
}
