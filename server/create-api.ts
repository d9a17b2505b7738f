import { resolve } from 'node:path';
import type { Hono } from 'hono';
import { createGatewayApp } from './gateway/app';
import { createGatewayDeps } from './gateway/create-gateway-deps';
import { createSpeechService } from './gateway/speech/speech-service';
import { openGatewayDatabase } from './gateway/storage/gateway-database';
import { embeddedInfo, proxyInfo, type ConsoleInfo } from './console-info';
import type { ServerConfig } from './config';
import { consoleSecret } from './console-secret';
import { createGatewayProxy } from './proxy/gateway-proxy';
import { createStatusFastPath, type FastPath, type FastPathOptions } from './gateway/routes/status-fast-path';

type ServerApi = {
  api: Hono;
  info: ConsoleInfo;
  /** For the start-up line: what /api is. Never contains a token. */
  description: string;
  /** The embedded gateway's node-level status answers, for the server's request listener. */
  fastPath?: (options: FastPathOptions) => FastPath;
  close(): Promise<void>;
};

/** /api is the embedded reference gateway, or a proxy to GATEWAY_URL when it is set. */
export async function createApi(config: ServerConfig): Promise<ServerApi> {
  if (config.GATEWAY_URL) {
    const { secret } = await consoleSecret({ configured: config.CONSOLE_SECRET, dataDir: resolve(config.DATA_DIR) });
    return {
      api: createGatewayProxy({
        gatewayUrl: config.GATEWAY_URL,
        audioOrigins: config.AUDIO_ORIGINS,
        secret,
        ticketMs: config.AUDIO_RELAY_TICKET_HOURS * 3_600_000,
      }),
      info: proxyInfo(),
      description: `proxying /api to ${redactUrl(config.GATEWAY_URL)}`,
      close: async () => undefined,
    };
  }
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
  });
  return {
    api: createGatewayApp(deps),
    info: embeddedInfo(config.GATEWAY_TOKENS),
    description: `embedded gateway at /api, data in ${dataDir}`,
    fastPath: (options) => createStatusFastPath(deps, options),
    close: async () => {
      await deps.close();
      database.close();
    },
  };
}

/** A GATEWAY_URL may carry user:password; the start-up line shows only origin and path. */
function redactUrl(url: string): string {
  const u = new URL(url);
  return `${u.protocol}//${u.host}${u.pathname.replace(/\/+$/, '')}`;
}
