import { Hono } from 'hono';
import { serveStatic } from '@hono/node-server/serve-static';
import { relative } from 'node:path';
import { successEnvelope } from '#contract';
import { precompressedEncodings } from './accept-encoding';
import type { ConsoleInfo } from './console-info';
import { mountOpsRoutes, type OpsEndpoints } from './observability/ops-routes';
import { requestIdHeader } from './observability/request-record';
import { allowedHostNames, hostAllowList } from './security/host-allow-list';
import { apiDefaultHeaders, securityHeaders } from './security/security-headers';

export const API_MOUNT = '/api';
const HASHED_ASSET_CACHE = 'public, max-age=31536000, immutable';
const NO_CACHE = 'no-cache';

const isCompressible = (type: string | null) => type !== null && /^(?:text\/|application\/(?:javascript|json)|image\/svg)/.test(type);

type ServerAppOptions = {
  /** The gateway (embedded) or the proxy, with paths relative to {base_url}. */
  api: Hono;
  info: ConsoleInfo;
  /** Directory of the built console; omitted in dev mode, where Vite serves it. */
  distDir?: string;
  /** Host names served (allowedHostNames(HOST, ALLOWED_HOSTS)); loopback only when omitted. */
  allowedHosts?: ReadonlySet<string>;
  /** /healthz, /readyz and (with a token) /metrics; omitted: none of them. */
  ops?: OpsEndpoints;
};

/**
 * The production app: /api/_console/info, then /api (gateway or proxy, whose catch-all keeps every
 * /api answer an envelope), then the built console with an SPA fallback to index.html. Every
 * answer carries the security headers (server/security/security-headers.ts).
 */
export function createServerApp({ api, info, distDir, allowedHosts = allowedHostNames('127.0.0.1'), ops }: ServerAppOptions) {
  const app = new Hono();
  app.use('*', requestIdHeader());
  // Before every other middleware: probes and scrapes come with the pod's address as Host, and set their own headers.
  if (ops !== undefined) mountOpsRoutes(app, ops);
  // First, so every answer gets the headers; the page's strict CSP only where this app serves the
  // build, /api's sandbox CSP on every /api answer (dev mode included): /api never answers markup.
  app.use('*', securityHeaders({ contentSecurityPolicy: distDir !== undefined, apiMount: API_MOUNT }));
  app.use('*', hostAllowList(allowedHosts));
  // API answers (the token-bearing info among them) are never stored; file links set their own caching.
  app.use(`${API_MOUNT}/*`, apiDefaultHeaders());
  app.get(`${API_MOUNT}/_console/info`, (c) => c.json(successEnvelope(info)));
  app.route(API_MOUNT, api);
  if (distDir !== undefined) {
    // serveStatic resolves its root against the working directory.
    const root = relative(process.cwd(), distDir) || '.';
    app.use('*', async (c, next) => {
      await next();
      if (c.res.status !== 200) return;
      const hashed = c.req.path.startsWith('/assets/');
      c.res.headers.set('Cache-Control', hashed ? HASHED_ASSET_CACHE : NO_CACHE);
      // Every variant of a file that has compressed twins says so, the plain one too, so no cache
      // hands a stored brotli answer to a client that did not ask for it (or the reverse).
      if (isCompressible(c.res.headers.get('Content-Type'))) c.res.headers.set('Vary', 'Accept-Encoding');
    });
    // serveStatic's Range handling is wrong (bytes=-5 sends the first 6 bytes, bytes=0-0 the whole file
    // as a 206, a start past the end is a 500); the console's files need no ranges, and a server may
    // ignore Range (RFC 9110 14.2), so they are answered whole.
    // Accept-Encoding with weights is reduced to the list serveStatic reads (server/accept-encoding.ts).
    app.use('*', async (c, next) => {
      const range = c.req.header('Range');
      const encodings = precompressedEncodings(c.req.header('Accept-Encoding'));
      if (range !== undefined || encodings !== null) {
        const headers = new Headers(c.req.raw.headers);
        headers.delete('Range');
        if (encodings !== null) headers.set('Accept-Encoding', encodings);
        c.req.raw = new Request(c.req.url, { method: c.req.method, headers });
      }
      await next();
    });
    // precompressed: file.br or file.gz (written at build time) when Accept-Encoding names br or gzip.
    app.use('*', serveStatic({ root, precompressed: true }));
    // A missing hashed asset is a stale page asking for an old build: 404, not the SPA shell.
    app.get('/assets/*', (c) => c.text('Not found', 404));
    app.get('*', serveStatic({ root, path: 'index.html', precompressed: true }));
  }
  return app;
}
