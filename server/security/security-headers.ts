import type { MiddlewareHandler } from 'hono';

/**
 * The production console's Content-Security-Policy. Scripts and styles only from this origin (no
 * inline script, no eval). connect-src and media-src also allow any http(s) origin because an
 * operator may point the console at a gateway on another origin: the console calls it directly and
 * plays the audio it links to. Narrowing these to 'self' would break that feature; what stays
 * closed is script execution, framing, plugins, <base> and form posts to other origins. worker-src
 * 'self': the status poll's requests run in a worker built from this origin's own script.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  // 'wasm-unsafe-eval' lets this origin's scripts compile WebAssembly (the loudness worker's MP3
  // encoder, LAME, served from here); it allows no eval of JavaScript and no script from elsewhere.
  "script-src 'self' 'wasm-unsafe-eval'",
  "style-src 'self'",
  "img-src 'self' data: blob:",
  "font-src 'self'",
  "connect-src 'self' http: https:",
  "media-src 'self' blob: http: https:",
  "worker-src 'self'",
  "manifest-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-src 'none'",
  "frame-ancestors 'none'",
  // Trusted Types: the DOM's script sinks (innerHTML, eval, script.src, new Worker(url)…) take no
  // plain string. The console's only such sink is the URL of its own workers, built by the one
  // policy it creates (src/lib/script-url.ts: same-origin script URLs only); no 'default' policy,
  // no 'allow-duplicates', so neither a library nor an injected script can make another.
  "require-trusted-types-for 'script'",
  'trusted-types console-script-url',
].join('; ');

/**
 * The CSP of every /api answer, whatever serves it (the embedded gateway, the proxy, the relay, the
 * status fast path) and in dev mode too: /api answers JSON, audio or signed files, never a page.
 * Should markup ever get through, it renders in an opaque origin with no script, no storage and
 * no requests, instead of as the console ('self' for a <script src>).
 */
export const API_CONTENT_SECURITY_POLICY = "sandbox; default-src 'none'";

/** Headers on every answer: pages, assets and /api alike. */
const COMMON_SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'X-Content-Type-Options': 'nosniff',
  // no-referrer: the console's own URL can hold watched task IDs (?ids=), and a gateway on another
  // origin has no need to learn it; nothing in the console relies on a Referer.
  'Referrer-Policy': 'no-referrer',
  // For browsers without frame-ancestors; the CSP says the same.
  'X-Frame-Options': 'DENY',
  // A window of another origin that opens the console, or that it opens, gets no handle on it.
  'Cross-Origin-Opener-Policy': 'same-origin',
  // No page of another origin loads any answer as a no-cors subresource (<script>, <img>, <audio>):
  // /api's audio, signed file links and JSON included. The console's own page is same-origin with
  // them all (the relay exists so that a gateway's audio is); CORS fetches are not affected.
  'Cross-Origin-Resource-Policy': 'same-origin',
};

/**
 * The security headers of every /api answer, set over whatever its handler wrote. The one source
 * for the middleware below, the status fast path and the refusals written outside Hono
 * (apiAnswerHeaders): a header added here reaches them all.
 */
export const API_SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'Content-Security-Policy': API_CONTENT_SECURITY_POLICY,
  ...COMMON_SECURITY_HEADERS,
};

/** What an /api answer has unless its handler chose otherwise (file links set their own caching). */
const API_DEFAULT_HEADERS: Readonly<Record<string, string>> = {
  // API answers (the token-bearing info among them) are never stored.
  'Cache-Control': 'no-store',
};

/**
 * The headers the app's middleware leaves on an /api answer whose handler set none of them: for
 * answers written without Hono (the status fast path, refusals). Read at each call, not copied.
 */
export function apiAnswerHeaders(): Record<string, string> {
  return { ...API_DEFAULT_HEADERS, ...API_SECURITY_HEADERS };
}

type SecurityHeadersOptions = {
  /** The strict CSP: production only, since Vite's dev server injects an inline HMR preamble. */
  contentSecurityPolicy: boolean;
  /** Where /api is mounted: its answers get API_CONTENT_SECURITY_POLICY, in dev mode too. */
  apiMount: string;
};

/** Sets the headers after the handler ran, so answers from sub-apps (the gateway, the proxy) get them too. */
export function securityHeaders({ contentSecurityPolicy, apiMount }: SecurityHeadersOptions): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const path = c.req.path;
    if (path === apiMount || path.startsWith(`${apiMount}/`)) {
      for (const [name, value] of Object.entries(API_SECURITY_HEADERS)) c.res.headers.set(name, value);
      return;
    }
    for (const [name, value] of Object.entries(COMMON_SECURITY_HEADERS)) c.res.headers.set(name, value);
    if (contentSecurityPolicy) c.res.headers.set('Content-Security-Policy', CONTENT_SECURITY_POLICY);
  };
}

/** API_DEFAULT_HEADERS on the answers under the mount whose handler did not set them. */
export function apiDefaultHeaders(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    for (const [name, value] of Object.entries(API_DEFAULT_HEADERS)) if (!c.res.headers.has(name)) c.res.headers.set(name, value);
  };
}
