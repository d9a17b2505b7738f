import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Hono } from 'hono';
import { createGatewayApp } from './gateway/app';
import { createGatewayDeps } from './gateway/create-gateway-deps';
import type { SpeechEngine } from './gateway/speech/speech-engine';
import { createSpeechService } from './gateway/speech/speech-service';
import { databaseWritable } from './gateway/storage/database-writable';
import { openGatewayDatabase } from './gateway/storage/gateway-database';
import { embeddedInfo, proxyInfo, type ConsoleInfo } from './console-info';
import type { ServerConfig } from './config';
import { consoleSecret } from './console-secret';
import { gatewayAnswers } from './proxy/gateway-answers';
import { createGatewayProxy } from './proxy/gateway-proxy';
import { fetchTransport } from './proxy/upstream-transport';
import { createStatusFastPath, type FastPath, type FastPathOptions } from './gateway/routes/status-fast-path';
import { createConsoleMetrics, type ConsoleMetrics, type ConsoleMode } from './observability/console-metrics';
import { createReadiness, type Readiness } from './observability/readiness';

/** How long a readiness check's outcome is reused (docs/decisions/operations.md, "Readiness: embedded", "Readiness: proxy"). */
const READY_CACHE_MS = { embedded: 2_000, proxy: 5_000 } as const satisfies Record<ConsoleMode, number>;
/** How long proxy mode's readiness waits for the gateway's answer. */
const READY_GATEWAY_TIMEOUT_MS = 2_000;

type ServerApi = {
  api: Hono;
  info: ConsoleInfo;
  /** For the start-up line: what /api is. Never contains a token. */
  description: string;
  /** Node-level answers before Hono, for the server's request listener: the embedded gateway's status polls, the proxy's two operations. */
  fastPath?: (options: FastPathOptions) => FastPath;
  /** Kept only when METRICS_TOKEN is set. */
  metrics?: ConsoleMetrics;
  readiness: Readiness;
  close(): Promise<void>;
};

/** /api is the embedded reference gateway, or a proxy to GATEWAY_URL when it is set. */
/** Said in the start-up line, so a server speaking with the test aid never passes for a real one. */
const STAND_IN_NOTE: Record<SpeechEngine, string> = {
  'espeak-ng': '',
  'stand-in': ', speech by the stand-in engine (SPEECH_ENGINE=stand-in, a test aid: no words)',
};

export async function createApi(config: ServerConfig): Promise<ServerApi> {
  const metricsFor = (mode: ConsoleMode) => (config.METRICS_TOKEN ? createConsoleMetrics({ version: consoleVersion(), mode }) : undefined);
  if (config.GATEWAY_URL) {
    const metrics = metricsFor('proxy');
    const { secret } = await consoleSecret({ configured: config.CONSOLE_SECRET, dataDir: resolve(config.DATA_DIR) });
    const proxy = createGatewayProxy({
      gatewayUrl: config.GATEWAY_URL,
      audioOrigins: config.AUDIO_ORIGINS,
      secret,
      ticketMs: config.AUDIO_RELAY_TICKET_HOURS * 3_600_000,
      ...(config.PROXY_UPSTREAM_CLIENT === 'fetch' ? { transport: fetchTransport(fetch) } : {}),
      ...(metrics ? { metrics } : {}),
    });
    return {
      api: proxy,
      fastPath: proxy.fastPath,
      info: proxyInfo(),
      description: `proxying /api to ${redactUrl(config.GATEWAY_URL)}`,
      ...(metrics ? { metrics } : {}),
      readiness: readinessOf(metrics, {
        check: gatewayAnswers(config.GATEWAY_URL, READY_GATEWAY_TIMEOUT_MS),
        cacheMs: READY_CACHE_MS.proxy,
      }),
      close: async () => undefined,
    };
  }
  const metrics = metricsFor('embedded');
  const dataDir = resolve(config.DATA_DIR);
  const database = await openGatewayDatabase(dataDir);
  const hours = 3_600_000;
  const deps = await createGatewayDeps({
    dataDir,
    tokens: config.GATEWAY_TOKENS,
    statusAuth: config.STATUS_AUTH,
    emulator: true,
    speech: createSpeechService({
      dataDir,
      database: database.db,
      maxOutputSeconds: config.SPEECH_MAX_OUTPUT_SECONDS,
      engine: config.SPEECH_ENGINE,
      standInSentenceMs: config.SPEECH_STAND_IN_SENTENCE_MS,
      retention: { maxAgeMs: config.AUDIO_MAX_AGE_HOURS * hours, maxTotalBytes: config.AUDIO_MAX_TOTAL_MB * 1024 * 1024 },
    }),
    limits: {
      tasks: { maxPerUser: config.TASKS_MAX_PER_USER, maxTotal: config.TASKS_MAX_TOTAL, retentionMs: config.TASK_RETENTION_HOURS * hours },
      speechQueue: {
        perUser: config.SPEECH_QUEUE_PER_USER,
        total: config.SPEECH_QUEUE_TOTAL,
        ...(config.SPEECH_QUEUE_PER_CALLER ? { perCaller: config.SPEECH_QUEUE_PER_CALLER } : {}),
      },
    },
    ...(config.PUBLIC_URL ? { publicOrigin: config.PUBLIC_URL } : {}),
    ...(metrics ? { metrics } : {}),
  });
  metrics?.speechQueueDepth(() => deps.speechAdmission.inFlight);
  return {
    api: createGatewayApp(deps),
    info: embeddedInfo(config.GATEWAY_TOKENS, config.SPEECH_QUEUE_PER_USER),
    description: `embedded gateway at /api, data in ${dataDir}${STAND_IN_NOTE[config.SPEECH_ENGINE]}`,
    fastPath: (options) => createStatusFastPath(deps, options),
    ...(metrics ? { metrics } : {}),
    readiness: readinessOf(metrics, { check: databaseWritable(database.db), cacheMs: READY_CACHE_MS.embedded }),
    close: async () => {
      await deps.close();
      database.close();
    },
  };
}

/** The server's readiness, also scraped as console_ready. */
function readinessOf(metrics: ConsoleMetrics | undefined, options: Parameters<typeof createReadiness>[0]): Readiness {
  const readiness = createReadiness(options);
  metrics?.readiness(async () => (await readiness.state()).ready);
  return readiness;
}

/** A GATEWAY_URL may carry user:password; the start-up line shows only origin and path. */
function redactUrl(url: string): string {
  const u = new URL(url);
  return `${u.protocol}//${u.host}${u.pathname.replace(/\/+$/, '')}`;
}

/** The console's version (package.json), for console_build_info. */
function consoleVersion(): string {
  const file = resolve(dirname(fileURLToPath(import.meta.url)), '..', 'package.json');
  const version = (JSON.parse(readFileSync(file, 'utf8')) as { version?: unknown }).version;
  return typeof version === 'string' ? version : 'unknown';
}
