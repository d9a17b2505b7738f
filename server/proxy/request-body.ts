import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Context } from 'hono';
import { joinChunks, readStreamCapped } from '../read-capped';

/** @hono/node-server's bindings: the Node request and response behind c.req (none under app.request()). */
type NodeBindings = { incoming?: IncomingMessage; outgoing?: ServerResponse };

function nodeOf(c: Context): { incoming: IncomingMessage; outgoing: ServerResponse } | null {
  const env = c.env as NodeBindings | undefined;
  return env?.incoming && env.outgoing ? { incoming: env.incoming, outgoing: env.outgoing } : null;
}

/**
 * A proxied request's body, or why not: past maxBytes (declared or counted; the rest is not kept),
 * or a read that failed. Behind a Node server the bytes come straight off the IncomingMessage:
 * c.req.raw's body (and bodyLimit, which reads it) makes @hono/node-server build a whole WHATWG
 * Request, an AbortController and a web stream over the socket, only to forward the same bytes.
 */
export async function readRequestBody(c: Context, maxBytes: number): Promise<Uint8Array<ArrayBuffer> | 'too_large' | 'unreadable'> {
  const declared = c.req.header('content-length');
  if (declared !== undefined && Number(declared) > maxBytes) return 'too_large';
  const node = nodeOf(c);
  try {
    // Something before the proxy already read the body to its end: its bytes are only in c.req.raw then.
    const direct = node !== null && !node.incoming.readableEnded;
    const bytes = direct ? await readIncomingCapped(node.incoming, maxBytes) : await readRawCapped(c, maxBytes);
    return bytes ?? 'too_large';
  } catch {
    return 'unreadable';
  }
}

async function readRawCapped(c: Context, maxBytes: number): Promise<Uint8Array<ArrayBuffer> | null> {
  const stream = c.req.raw.body;
  return stream ? readStreamCapped(stream, maxBytes) : new Uint8Array();
}

/** Null once more than maxBytes arrived: the rest is left to Node, which discards it after the answer. */
function readIncomingCapped(incoming: IncomingMessage, maxBytes: number): Promise<Uint8Array<ArrayBuffer> | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let total = 0;
    const done = () => {
      incoming.off('data', onData);
      incoming.off('end', onEnd);
      incoming.off('error', onError);
      incoming.off('close', onClose);
    };
    const onData = (chunk: Buffer) => {
      total += chunk.byteLength;
      if (total <= maxBytes) return void chunks.push(chunk);
      done();
      resolve(null);
    };
    const onEnd = () => {
      done();
      resolve(joinChunks(chunks, total));
    };
    const onError = (err: Error) => {
      done();
      reject(err);
    };
    const onClose = () => {
      done();
      reject(new Error('the request closed before its body was complete'));
    };
    incoming.on('data', onData);
    incoming.once('end', onEnd);
    incoming.once('error', onError);
    incoming.once('close', onClose);
  });
}

/**
 * Aborts when the client leaves before its answer is sent. Behind a Node server, from the response's
 * 'close' (c.req.raw.signal would build the WHATWG Request, as above); otherwise the request's signal.
 */
export function clientLeft(c: Context): AbortSignal {
  const node = nodeOf(c);
  if (!node) return c.req.raw.signal;
  const controller = new AbortController();
  const { outgoing } = node;
  outgoing.once('close', () => {
    if (!outgoing.writableFinished) controller.abort(new Error('the client left'));
  });
  return controller.signal;
}
