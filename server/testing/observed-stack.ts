import { createServer, type Server } from 'node:http';
import { Hono } from 'hono';
import { embeddedInfo, proxyInfo } from '../console-info';
import { createGatewayApp } from '../gateway/app';
import { createStatusFastPath, type FastPath, type FastPathOptions } from '../gateway/routes/status-fast-path';
import { createConsoleMetrics, type ConsoleMetrics } from '../observability/console-metrics';
import { observeRequests } from '../observability/observe-requests';
import { createReadiness } from '../observability/readiness';
import { createGatewayProxy } from '../proxy/gateway-proxy';
import { createRequestListener } from '../request-listener';
import { allowedHostNames } from '../security/host-allow-list';
import { createServerApp } from '../server-app';
import { closeWithConnections, listenOnLoopback } from './loopback-server';
import { makeTestGateway, type TestGateway } from './test-gateway';

export const SCRAPE_TOKEN = 'scrape-token-for-tests-0123456789';

export type ObservedServer = {
  url: string;
  metrics: ConsoleMetrics;
  /** Access log lines written so far. */
  lines: string[];
  scrape(): Promise<string>;
  close(): Promise<void>;
};

/** The production wiring of start.ts (observer, listener, fast path, ops routes) around an /api app, on loopback. */
async function serve(
  api: Hono & { fastPath?: (options: FastPathOptions) => FastPath },
  metrics: ConsoleMetrics,
  embedded: TestGateway | undefined,
): Promise<ObservedServer> {
  const allowedHosts = allowedHostNames('127.0.0.1');
  const app = createServerApp({
    api,
    info: embedded ? embeddedInfo(['test-token']) : proxyInfo(),
    allowedHosts,
    ops: { readiness: createReadiness({ check: () => null, cacheMs: 0 }), metrics: { registry: metrics.registry, token: SCRAPE_TOKEN } },
  });
  const lines: string[] = [];
  const fastPath = embedded ? createStatusFastPath(embedded.deps, { allowedHosts }) : api.fastPath?.({ allowedHosts });
  const server: Server = createServer(
    observeRequests(createRequestListener(app.fetch, fastPath), { metrics, log: (line) => lines.push(line) }),
  );
  const url = `http://127.0.0.1:${await listenOnLoopback(server)}`;
  return {
    url,
    metrics,
    lines,
    scrape: async () => (await fetch(`${url}/metrics`, { headers: { Authorization: `Bearer ${SCRAPE_TOKEN}` } })).text(),
    close: async () => {
      await closeWithConnections(server);
      await embedded?.deps.close();
    },
  };
}

/** The embedded gateway (test tokens, fake speech, emulator on) served as production serves it. */
export async function observedEmbeddedServer(): Promise<ObservedServer & { gateway: TestGateway }> {
  const metrics = createConsoleMetrics({ version: '0.0.0-test', mode: 'embedded' });
  const gateway = await makeTestGateway({ metrics });
  return { ...(await serve(createGatewayApp(gateway.deps), metrics, gateway)), gateway };
}

/** Proxy mode in front of `gatewayUrl` ({base_url}), served as production serves it. */
export function observedProxyServer(gatewayUrl: string): Promise<ObservedServer> {
  const metrics = createConsoleMetrics({ version: '0.0.0-test', mode: 'proxy' });
  return serve(createGatewayProxy({ gatewayUrl, metrics, timeoutMs: 5_000 }), metrics, undefined);
}
