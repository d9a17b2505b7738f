import { brotliDecompress, gunzip, inflate, inflateRaw, type ZlibOptions } from 'node:zlib';

/** Why a compressed answer could not be read: the proxy says so in a 502, never passes the bytes on. */
export class UndecodableAnswer extends Error {}

type Decode = (bytes: Uint8Array, options: ZlibOptions, done: (err: Error | null, out: Buffer) => void) => void;

/** The codings a gateway (or a server in front of it) may use although the proxy asked for identity. */
const DECODERS: Record<string, Decode> = {
  gzip: gunzip,
  'x-gzip': gunzip,
  br: brotliDecompress as Decode,
  // HTTP's deflate is zlib-wrapped; some servers send it raw.
  deflate: (bytes, options, done) => inflate(bytes, options, (err, out) => (err ? inflateRaw(bytes, options, done) : done(null, out))),
};

/**
 * An answer sent with a Content-Encoding, decoded off the main thread (zlib's pool) with its output
 * capped at maxBytes: null past it (the proxy's "larger than" 502, as for a plain answer), so a small
 * compressed bomb never fills memory. One coding of gzip, br or deflate (or identity); anything
 * else, or broken bytes, is an UndecodableAnswer.
 */
export function decodeAnswer(
  bytes: Uint8Array<ArrayBuffer>,
  contentEncoding: string,
  maxBytes: number,
): Promise<Uint8Array<ArrayBuffer> | null> {
  const coding = contentEncoding.trim().toLowerCase();
  if (coding === '' || coding === 'identity') return Promise.resolve(bytes);
  const decode = DECODERS[coding];
  if (decode === undefined)
    return Promise.reject(new UndecodableAnswer(`its answer is encoded as ${coding.slice(0, 40)}, which the proxy does not decode`));
  return new Promise((resolve, reject) => {
    decode(bytes, { maxOutputLength: maxBytes }, (err, out) => {
      if (err === null) return resolve(new Uint8Array(out.buffer as ArrayBuffer, out.byteOffset, out.byteLength));
      if ((err as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE') return resolve(null);
      reject(new UndecodableAnswer(`its ${coding} answer could not be decompressed`));
    });
  });
}
