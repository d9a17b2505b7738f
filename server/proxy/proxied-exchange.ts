import type { ExchangeDeadline } from './upstream-deadline';

/** A proxied request as both servers of it hand it over. */
export type ProxiedRequest = {
  /** A request header as the client sent it (repeats joined with ", "). */
  header(name: string): string | undefined;
  body: Uint8Array<ArrayBuffer>;
  requestId: string | undefined;
  /** Given up when the client leaves or the deadline passes; ended by the exchange. */
  deadline: ExchangeDeadline;
};

/** What the proxy answers: the gateway's JSON as it came (or cut, or with a ticket), or its own envelope. */
export type ProxyAnswer = {
  status: number;
  body: string | Uint8Array<ArrayBuffer>;
  retryAfter: string | null;
  /** The envelope's code, for the access log and the metrics. */
  envelopeCode: number | undefined;
};
