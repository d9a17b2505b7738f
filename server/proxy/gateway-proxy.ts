import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { failureEnvelope, operations } from '../../src/contract';
import { readStreamCapped } from '../read-capped';
import { CONSOLE_AUDIO_PATH, createAudioRelay } from './audio-relay';

/** The service's operations are all a proxy forwards; the upstream path is one of these fixed suffixes. */
const PROXIED_OPERATIONS = Object.values(operations).map((o) => o.path);

/** Request headers a caller may send through; everything else (Host, Cookie, ...) stays here. */
const FORWARDED_REQUEST_HEADERS = ['content-type', 'accept', 'authorization', 'x-user-id', 'x-channel', 'x-app-source'] as const;

const PROXY_TIMEOUT_MS = 60_000;
const PROXY_MAX_BODY_BYTES = 1024 * 1024;
/** Largest upstream answer passed back; the console itself reads at most 2 MiB of one. */
const PROXY_MAX_ANSWER_BYTES = 4 * 1024 * 1024;
/** Envelope code of answers the proxy makes itself when the upstream cannot be used. */
const GATEWAY_UNREACHABLE_CODE = 502;

type GatewayProxyOptions = {
  /** {base_url} of the upstream gateway, e.g. https://gw.example/api (no trailing slash). */
  gatewayUrl: string;
  timeoutMs?: number;
  maxBodyBytes?: number;
  maxAnswerBytes?: number;
  fetch?: typeof fetch;
};

/**
 * /api in proxy mode: the two operations go to fixed upstream URLs computed once here, never from
 * the request path; query strings are dropped, redirects are not followed, and any other path is
 * a 404 envelope without touching the upstream.
 */
export function createGatewayProxy(options: GatewayProxyOptions) {
  const base = new URL(options.gatewayUrl);
  if (base.protocol !== 'http:' && base.protocol !== 'https:') throw new Error('GATEWAY_URL must be http(s)');
  const prefix = `${base.origin}${base.pathname.replace(/\/+$/, '')}`;
  const timeoutMs = options.timeoutMs ?? PROXY_TIMEOUT_MS;
  const maxBodyBytes = options.maxBodyBytes ?? PROXY_MAX_BODY_BYTES;
  const maxAnswerBytes = options.maxAnswerBytes ?? PROXY_MAX_ANSWER_BYTES;
  const doFetch = options.fetch ?? fetch;

  const audio = createAudioRelay({ gatewayUrl: prefix, fetch: doFetch });
  const app = new Hono();
  app.get(CONSOLE_AUDIO_PATH, (c) => audio.serve(c));
  for (const operation of PROXIED_OPERATIONS) {
    const target = `${prefix}${operation}`;
    app.post(operation, bodyLimit({ maxSize: maxBodyBytes, onError: tooLarge }), (c) => forward(c, target));
  }
  app.all('*', (c) => c.json(failureEnvelope(404, `No such operation: ${c.req.method} ${c.req.path}`), 404));

  async function forward(c: Context, target: string): Promise<Response> {
    let body: ArrayBuffer;
    try {
      body = await c.req.arrayBuffer();
    } catch {
      return c.json(failureEnvelope(400, 'The request body could not be read'), 400);
    }

    const headers = new Headers();
    for (const name of FORWARDED_REQUEST_HEADERS) {
      const value = c.req.header(name);
      if (value !== undefined) headers.set(name, value);
    }

    let upstream: Response;
    let bytes: Uint8Array<ArrayBuffer> | null;
    try {
      upstream = await doFetch(target, {
        method: 'POST',
        headers,
        body,
        redirect: 'manual',
        // The client leaving ends the upstream request too, instead of holding it for the timeout.
        signal: AbortSignal.any([c.req.raw.signal, AbortSignal.timeout(timeoutMs)]),
      });
      bytes = await readCapped(upstream, maxAnswerBytes);
    } catch (err) {
      return unreachable(c, describeFetchError(err, timeoutMs));
    }
    if (bytes === null)
      return unreachable(c, `its answer was larger than ${maxAnswerBytes / 1024 / 1024} MiB, so the proxy did not read it`);
    if (upstream.status >= 300 && upstream.status < 400) {
      return unreachable(c, `it answered with a redirect (HTTP ${upstream.status}), which the proxy does not follow`);
    }
    const out = new Headers();
    const contentType = upstream.headers.get('content-type');
    if (contentType) out.set('content-type', contentType);
    if (target.endsWith('/speechSynthesis/textToSpeech') && upstream.ok) audio.remember(bytes);
    return new Response(bytes, { status: upstream.status, headers: out });
  }

  return app;
}

/** The answer's bytes, or null past the cap (declared or counted), so a huge answer is never held whole. */
async function readCapped(response: Response, maxBytes: number): Promise<Uint8Array<ArrayBuffer> | null> {
  if (Number(response.headers.get('content-length')) > maxBytes) {
    await response.body?.cancel();
    return null;
  }
  return response.body ? readStreamCapped(response.body, maxBytes) : new Uint8Array();
}

function tooLarge(c: Context) {
  return c.json(failureEnvelope(413, 'The request body is too large for the proxy'), 413);
}

function unreachable(c: Context, why: string) {
  return c.json(failureEnvelope(GATEWAY_UNREACHABLE_CODE, `Gateway unreachable: ${why}`), 502);
}

function describeFetchError(err: unknown, timeoutMs: number): string {
  if (err instanceof DOMException && err.name === 'TimeoutError') return `no answer within ${timeoutMs} ms`;
  const cause = err instanceof Error && err.cause instanceof Error ? err.cause : err;
  if (cause instanceof Error) {
    const code = (cause as NodeJS.ErrnoException).code;
    return code ? `${code} ${cause.message}` : cause.message;
  }
  return String(cause);
}
