import { createHash, timingSafeEqual } from 'node:crypto';
import type { Hono } from 'hono';
import type { Registry } from 'prom-client';
import { apiAnswerHeaders } from '../security/security-headers';
import type { Readiness } from './readiness';

export type OpsEndpoints = {
  readiness: Readiness;
  /** Set with METRICS_TOKEN: /metrics answers a scrape that carries it. */
  metrics?: { registry: Registry; token: string };
};

/**
 * GET /healthz, /readyz and /metrics, outside /api. Registered before every middleware of the
 * server app, so they answer whatever the Host (a kubelet or Prometheus names the pod's address)
 * and with /api's headers (never stored, sandboxed, never a page): see docs/operations.md.
 */
export function mountOpsRoutes(app: Hono, { readiness, metrics }: OpsEndpoints): void {
  const json = (body: unknown, status: 200 | 401 | 404 | 503) =>
    new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json; charset=UTF-8', ...apiAnswerHeaders() } });

  app.get('/healthz', () => json({ status: 'ok' }, 200));
  app.get('/readyz', async () => {
    const state = await readiness.state();
    return state.ready ? json({ status: 'ready' }, 200) : json({ status: 'not ready', reason: state.reason }, 503);
  });
  app.get('/metrics', async (c) => {
    if (metrics === undefined) return json({ error: 'Not found' }, 404);
    if (!bearerMatches(c.req.header('Authorization'), metrics.token)) {
      const refused = json({ error: 'Unauthorized: /metrics needs Authorization: Bearer <METRICS_TOKEN>' }, 401);
      refused.headers.set('WWW-Authenticate', 'Bearer realm="metrics"');
      return refused;
    }
    return new Response(await metrics.registry.metrics(), {
      status: 200,
      headers: { 'Content-Type': metrics.registry.contentType, ...apiAnswerHeaders() },
    });
  });
}

/** Constant-time comparison of the presented bearer token with the expected one. */
function bearerMatches(header: string | undefined, token: string): boolean {
  const match = /^Bearer ([\x21-\x7e]+)$/.exec(header ?? '');
  if (match === null) return false;
  // Digests: equal lengths for timingSafeEqual whatever was sent, so no length is learnt either.
  const digest = (s: string) => createHash('sha256').update(s).digest();
  return timingSafeEqual(digest(match[1]!), digest(token));
}
