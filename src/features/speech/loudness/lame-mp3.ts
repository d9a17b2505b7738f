/**
 * The gateway's LAME build (server/gateway/speech/lame/: sources, build and licence in its
 * NOTICE.md) in the loudness worker: mono 16-bit samples in, MP3 frames out, with the gateway's
 * own settings, so a normalised MP3 take is encoded as the gateway encodes one.
 */

/** The module's bytes: fetched in the browser (lame-wasm.ts), read from disk in tests. */
export type LameWasm = () => Promise<BufferSource>;

/** What lame/mp3-encoder.c exports (a stream is a non-zero handle; byte counts below 0 are errors). */
type LameExports = {
  memory: WebAssembly.Memory;
  _initialize(): void;
  max_samples(): number;
  pcm_buffer(): number;
  out_buffer(): number;
  open_stream(sampleRate: number, vbrQuality: number, algorithmQuality: number): number;
  encode(handle: number, samples: number): number;
  flush(handle: number): number;
};

/** The gateway's settings (server/gateway/speech/audio-encode.mjs): VBR quality 6, algorithm quality 7. */
const VBR_QUALITY = 6;
const ALGORITHM_QUALITY = 7;
const EBADF = 8;
// The four WASI calls the module imports for C stdio code it never reaches (as in lame-encoder.mjs).
const wasi = {
  fd_close: () => EBADF,
  fd_seek: () => EBADF,
  fd_write: () => EBADF,
  proc_exit: (code: number) => {
    throw new Error(`LAME exited (${code})`);
  },
};

// One instance per worker, made on the first MP3 it encodes.
const instances = new Map<LameWasm, Promise<LameExports>>();

function lameOf(wasm: LameWasm): Promise<LameExports> {
  let found = instances.get(wasm);
  if (!found) {
    found = wasm()
      .then((bytes) => WebAssembly.instantiate(bytes, { wasi_snapshot_preview1: wasi }))
      .then(({ instance }) => {
        const lame = instance.exports as unknown as LameExports;
        lame._initialize();
        return lame;
      });
    found.catch(() => instances.delete(wasm));
    instances.set(wasm, found);
  }
  return found;
}

/** Mono 16-bit samples encoded as one MP3 stream (VBR, no tag), at their own sample rate. */
export async function encodeMonoMp3(samples: Int16Array, sampleRate: number, wasm: LameWasm): Promise<Uint8Array<ArrayBuffer>[]> {
  const lame = await lameOf(wasm);
  const handle = lame.open_stream(sampleRate, VBR_QUALITY, ALGORITHM_QUALITY);
  if (!handle) throw new Error(`LAME: open_stream(${sampleRate}) = 0`); // a developer's error: the worker's answer says unreadable
  const max = lame.max_samples();
  // A copy of the frames LAME just wrote (its buffer is reused by the next call).
  const frames = (bytes: number) => {
    if (bytes < 0) throw new Error(`LAME: encode = ${bytes}`);
    return new Uint8Array(lame.memory.buffer, lame.out_buffer(), bytes).slice();
  };
  const out: Uint8Array<ArrayBuffer>[] = [];
  try {
    for (let at = 0; at < samples.length; at += max) {
      const n = Math.min(max, samples.length - at);
      // Views are made per call: the memory's buffer is replaced when LAME's heap grows.
      new Int16Array(lame.memory.buffer, lame.pcm_buffer(), n).set(samples.subarray(at, at + n));
      out.push(frames(lame.encode(handle, n)));
    }
  } finally {
    // flush also frees the stream, so it runs after a failure too.
    out.push(frames(lame.flush(handle)));
  }
  return out;
}
