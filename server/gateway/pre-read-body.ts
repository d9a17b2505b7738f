import type { IncomingMessage } from 'node:http';

const bodies = new WeakMap<IncomingMessage, Buffer>();

/**
 * A body a node-level handler already read (server/gateway/routes/status-fast-path.ts) before
 * handing the request on to the app: the stream has ended, so the route takes the bytes from here.
 */
export function setPreReadBody(incoming: IncomingMessage, body: Buffer): void {
  bodies.set(incoming, body);
}

export function takePreReadBody(incoming: IncomingMessage | undefined): Buffer | undefined {
  if (incoming === undefined) return undefined;
  const body = bodies.get(incoming);
  if (body !== undefined) bodies.delete(incoming);
  return body;
}
