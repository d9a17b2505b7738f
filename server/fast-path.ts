import type { IncomingMessage, ServerResponse } from 'node:http';

export type NodeListener = (incoming: IncomingMessage, outgoing: ServerResponse) => unknown;
/** Answers the request, or hands it (its body perhaps read, see gateway/pre-read-body.ts) to `fallback`. */
export type FastPath = (incoming: IncomingMessage, outgoing: ServerResponse, fallback: NodeListener) => void;

export type FastPathOptions = {
  /** The server app's Host allow-list (createServerApp's allowedHosts). */
  allowedHosts: ReadonlySet<string>;
};
