import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Hono } from 'hono';
import { createGatewayApp } from '../gateway/app';
import { createGatewayDeps, type GatewayOptions, type OpenGatewayDeps } from '../gateway/create-gateway-deps';
import type { SpeechService, StoredAudio } from '../gateway/speech/speech-service';
import { GATEWAY_MOUNT } from '../gateway/files/url-signer';
import { operations } from '#contract';

export const TEST_TOKEN = 'test-token';
const T0 = Date.UTC(2026, 0, 1);

/** Speech that serves one known file and refuses to synthesize: enough for the files route. */
export function fakeSpeech(files: Record<string, StoredAudio> = {}): SpeechService {
  return {
    readAudio: async (id) => files[id] ?? null,
    synthesize: async () => {
      throw new Error('fake speech does not synthesize');
    },
  };
}

export type TestGateway = {
  dataDir: string;
  deps: OpenGatewayDeps;
  /** The gateway mounted at /api, as the server mounts it; call .request() on it. */
  api: Hono;
  advance(ms: number): void;
  status(body: unknown, headers?: Record<string, string>): Promise<Response>;
  createTasks(userId: string, body: Record<string, unknown>): Promise<string[]>;
};

/** A gateway on a fresh temp DATA_DIR with a hand-driven clock starting at T0. */
export async function makeTestGateway(options: Partial<GatewayOptions> = {}): Promise<TestGateway> {
  const dataDir = options.dataDir ?? (await mkdtemp(join(tmpdir(), 'gateway-test-')));
  let clock = T0;
  const deps = await createGatewayDeps({
    tokens: [TEST_TOKEN],
    statusAuth: 'optional',
    emulator: true,
    speech: fakeSpeech(),
    now: () => clock,
    ...options,
    dataDir,
  });
  const api = new Hono().route(GATEWAY_MOUNT, createGatewayApp(deps));
  const post = (path: string, body: unknown, headers: Record<string, string>) =>
    api.request(`${GATEWAY_MOUNT}${path}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json;charset=UTF-8', ...headers },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    });
  return {
    dataDir,
    deps,
    api,
    advance: (ms) => void (clock += ms),
    status: async (body, headers = { 'X-User-Id': '1001' }) => post(operations.taskStatus.path, body, headers),
    async createTasks(userId, body) {
      const res = await post('/_emulator/tasks', body, { 'X-User-Id': userId });
      const json = (await res.json()) as { code: number; data: { taskIds: string[] } | null };
      if (json.code !== 0 || !json.data) throw new Error(`createTasks failed: ${JSON.stringify(json)}`);
      return json.data.taskIds;
    },
  };
}

type EnvelopeJson<T = unknown> = { code: number; message: string; data: T | null };
export const envelopeOf = async <T = unknown>(res: Response) => (await res.json()) as EnvelopeJson<T>;
