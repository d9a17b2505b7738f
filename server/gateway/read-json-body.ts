import type { IncomingMessage } from 'node:http';
import type { Context } from 'hono';
import { GatewayError, invalid } from './reply';
import { readStreamCapped } from '../read-capped';
import { requestHeader } from './request-header';
import { takePreReadBody } from './pre-read-body';

export const MAX_BODY_BYTES = 1024 * 1024;

/** Read the body as a JSON object, with a size cap; anything else is a 2001 (or 413 when too large). */
export async function readJsonObject(c: Context): Promise<Record<string, unknown>> {
  return parseJsonObject(await readBodyBytes(c));
}

/** The body's bytes, with the size cap of readJsonObject (413 when too large). */
export async function readBodyBytes(c: Context): Promise<Uint8Array> {
  const declared = Number(requestHeader(c, 'Content-Length') ?? '0');
  if (declared > MAX_BODY_BYTES) throw tooLarge();
  return readCapped(c);
}

/** The bytes read as readJsonObject reads them: an empty body is {}, anything but a JSON object a 2001. */
export function parseJsonObject(bytes: Uint8Array): Record<string, unknown> {
  if (bytes.byteLength === 0) return {};
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw invalid('the request body is not valid UTF-8');
  }
  let value: unknown;
  try {
    // V8's JSON.parse is not recursive: 500k levels of nesting (the most 1 MB can hold) parse
    // without touching the stack, and no route walks into nested values (fuzz tests prove both).
    value = JSON.parse(text);
  } catch {
    throw invalid('the request body is not valid JSON');
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw invalid('the request body must be a JSON object');
  }
  return value as Record<string, unknown>;
}

/**
 * The body's bytes, refusing (413) as soon as more than MAX_BODY_BYTES arrive. A chunked body has
 * no Content-Length, so reading it whole first would let one request fill the heap.
 */
async function readCapped(c: Context): Promise<Uint8Array> {
  const early = takePreReadBody((c.env as { incoming?: IncomingMessage } | undefined)?.incoming);
  if (early !== undefined) {
    if (early.byteLength > MAX_BODY_BYTES) throw tooLarge();
    return early;
  }
  const incoming = nodeRequest(c);
  if (incoming) {
    const bytes = await readIncomingCapped(incoming, MAX_BODY_BYTES).catch(() => {
      throw invalid('the request body could not be read');
    });
    if (bytes === null) throw tooLarge();
    return bytes;
  }
  const stream = c.req.raw.body;
  if (!stream || c.req.raw.bodyUsed) return new Uint8Array(await readWhole(c));
  let bytes: Uint8Array | null;
  try {
    bytes = await readStreamCapped(stream, MAX_BODY_BYTES);
  } catch {
    throw invalid('the request body could not be read');
  }
  if (bytes === null) throw tooLarge();
  return bytes;
}

async function readWhole(c: Context): Promise<ArrayBuffer> {
  let bytes: ArrayBuffer;
  try {
    bytes = await c.req.arrayBuffer();
  } catch {
    throw invalid('the request body could not be read');
  }
  if (bytes.byteLength > MAX_BODY_BYTES) throw tooLarge();
  return bytes;
}

const tooLarge = () => new GatewayError(2001, `Invalid Parameter: the request body is larger than ${MAX_BODY_BYTES} bytes`, 413);

/**
 * Under @hono/node-server, Node's own request. Reading the body from it skips building a web
 * Request and stream for it (AbortController, ReadableStream, transfer setup): on a 100-ID status
 * query that was most of the route's cost beyond a trivial route's.
 */
function nodeRequest(c: Context): IncomingMessage | null {
  const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
  return incoming && typeof incoming.on === 'function' && !incoming.readableEnded && incoming.readableFlowing !== true ? incoming : null;
}

function readIncomingCapped(incoming: IncomingMessage, maxBytes: number): Promise<Buffer | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let total = 0;
    const done = () => {
      incoming.off('data', onData).off('end', onEnd).off('error', onError).off('close', onClose);
    };
    const onData = (chunk: Buffer) => {
      total += chunk.length;
      if (total <= maxBytes) return void chunks.push(chunk);
      // Past the cap: stop keeping anything; Node discards the rest once the 413 is sent.
      done();
      incoming.resume();
      resolve(null);
    };
    const onEnd = () => {
      done();
      resolve(Buffer.concat(chunks, total));
    };
    const onError = (error: Error) => {
      done();
      reject(error);
    };
    const onClose = () => {
      done();
      reject(new Error('the request closed before its body ended'));
    };
    incoming.on('data', onData).on('end', onEnd).on('error', onError).on('close', onClose);
  });
}
