import { open } from 'node:fs/promises';
import { Readable } from 'node:stream';
import type { Context } from 'hono';
import { fail } from '../reply';
import { parseByteRange, type ByteRange } from './byte-range';

export type FileSource = { path: string } | { bytes: Uint8Array };
export type SendOptions = { contentType: string; disposition: string };

/**
 * The whole file or one byte range of it (media elements seek with Range requests). A file on disk
 * is streamed from an open handle, so memory stays flat however large it is or how many read it,
 * and a file deleted meanwhile (retention) still finishes for whoever opened it. null: no such file.
 */
export async function sendFile(c: Context, source: FileSource, options: SendOptions): Promise<Response | null> {
  if ('bytes' in source) return sendBytes(c, source.bytes, options);
  const handle = await open(source.path, 'r').catch(() => null);
  if (!handle) return null;
  let size: number;
  try {
    size = (await handle.stat()).size;
  } catch {
    await handle.close();
    return null;
  }
  const range = parseByteRange(c.req.header('Range'), size);
  if (range === 'unsatisfiable') {
    await handle.close();
    return unsatisfiable(c, size);
  }
  const [start, end] = range ? [range.start, range.end] : [0, size - 1];
  const length = Math.max(0, end - start + 1);
  if (length === 0) {
    await handle.close();
    return c.body(null, 200, headers(options, 0, null, size));
  }
  const stream = handle.createReadStream({ start, end, autoClose: true });
  const body = Readable.toWeb(stream) as ReadableStream<Uint8Array>;
  return c.body(body, range ? 206 : 200, headers(options, length, range, size));
}

function sendBytes(c: Context, bytes: Uint8Array, options: SendOptions): Response {
  const size = bytes.byteLength;
  const range = parseByteRange(c.req.header('Range'), size);
  if (range === 'unsatisfiable') return unsatisfiable(c, size);
  // Response bodies want an ArrayBuffer-backed view; copy only if the bytes sit in shared memory.
  const whole = bytes.buffer instanceof ArrayBuffer ? new Uint8Array(bytes.buffer, bytes.byteOffset, size) : bytes.slice();
  const body = range ? whole.subarray(range.start, range.end + 1) : whole;
  return c.body(body, range ? 206 : 200, headers(options, body.byteLength, range, size));
}

function headers({ contentType, disposition }: SendOptions, length: number, range: ByteRange | null, size: number): Record<string, string> {
  return {
    'Content-Type': contentType,
    'Content-Length': String(length),
    'Content-Disposition': disposition,
    'Accept-Ranges': 'bytes',
    'Cache-Control': 'private, max-age=3600',
    'X-Content-Type-Options': 'nosniff',
    ...(range ? { 'Content-Range': `bytes ${range.start}-${range.end}/${size}` } : {}),
  };
}

function unsatisfiable(c: Context, size: number): Response {
  c.header('Content-Range', `bytes */${size}`);
  return fail(c, 416, 'Range Not Satisfiable', 416);
}
