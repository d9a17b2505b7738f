import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadConfig, type ServerConfig } from './config';
import { createApi } from './create-api';
import { createDevServer } from './dev-server';
import { ensureBuild } from './ensure-build';
import { applyConnectionLimits, connectionLimits, serverOptions } from './http-server-limits';
import { createRequestListener } from './request-listener';
import { allowedHostNames } from './security/host-allow-list';
import { createServerApp } from './server-app';
import { observeRequests, stdoutLog } from './observability/observe-requests';
import { drainServer, watchDraining } from './shutdown';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
/** After the drain, at most this for the gateway's workers and database to close, so the process exits within grace + 1 s. */
const CLOSE_BOUND_MS = 800;

async function main(): Promise<void> {
  const dev = process.argv.includes('--dev');
  let config: ServerConfig;
  try {
    config = loadConfig();
  } catch (err) {
    console.error(err instanceof Error ? err.message : String(err));
    process.exit(1);
  }

  const distDir = resolve(config.DIST_DIR);
  if (!dev) await ensureBuild(ROOT, distDir);
  const api = await createApi(config);
  const allowedHosts = allowedHostNames(config.HOST, config.ALLOWED_HOSTS);
  const ops = {
    readiness: api.readiness,
    ...(api.metrics && config.METRICS_TOKEN ? { metrics: { registry: api.metrics.registry, token: config.METRICS_TOKEN } } : {}),
  };
  const app = createServerApp({ api: api.api, info: api.info, allowedHosts, ops, ...(dev ? {} : { distDir }) });
  const observers = { ...(api.metrics ? { metrics: api.metrics } : {}), ...(config.ACCESS_LOG === 'json' ? { log: stdoutLog } : {}) };

  const limits = connectionLimits(config);
  const { server, close: closeFrontEnd } = dev
    ? await createDevServer(ROOT, app, serverOptions(limits))
    : {
        server: createServer(
          serverOptions(limits),
          observeRequests(createRequestListener(app.fetch, api.fastPath?.({ allowedHosts })), observers),
        ),
        close: async () => undefined,
      };
  applyConnectionLimits(server, limits);
  watchDraining(server);

  await new Promise<void>((ready, fail) => {
    server.once('error', fail);
    server.listen(config.PORT, config.HOST, () => ready());
  });
  const { port } = server.address() as AddressInfo;
  console.log(`Service AI Console${dev ? ' (dev, hot reload)' : ''} at ${displayUrl(config.HOST, port)} — ${api.description}`);

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) process.exit(1); // a second Ctrl-C: do not wait any longer
    stopping = true;
    api.readiness.markDraining();
    // The listening socket closes first: once this line is out, a new connection is refused.
    const drained = drainServer(server, { graceMs: config.SHUTDOWN_GRACE_SECONDS * 1000 });
    console.log(`${signal}: shutting down (in-flight requests get ${config.SHUTDOWN_GRACE_SECONDS} s)…`);
    const outcome = await drained;
    if (outcome === 'cut') console.log(`Requests still running after ${config.SHUTDOWN_GRACE_SECONDS} s were cut.`);
    const bound = new Promise((done) => setTimeout(done, CLOSE_BOUND_MS).unref());
    await Promise.race([Promise.allSettled([api.close(), closeFrontEnd()]), bound]);
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

/** Where to point a browser; on all interfaces that is localhost. */
function displayUrl(host: string, port: number): string {
  if (host === '0.0.0.0' || host === '::') return `http://localhost:${port}/ (listening on ${host})`;
  return `http://${host.includes(':') ? `[${host}]` : host}:${port}/`;
}

main().catch((err: unknown) => {
  console.error(`Could not start the server: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});
