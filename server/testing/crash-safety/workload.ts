import { operations } from '#contract';
import { GATEWAY_MOUNT } from '../../gateway/files/url-signer';
/** What the server acknowledged before it was killed: the test checks that all of it survives. */
export type Seen = { taskStatus: number; taskProgress: number; updateTime: number };
export type Acknowledged = {
  tasks: Map<string, { userId: string; seen: Seen | null }>;
  /** Per user: the last balance the server confirmed, and one it may have applied when it died. */
  balances: Map<string, { acked: number | null; inFlight: number | null }>;
  /** Signed audio links (path and query), as the speech operation answered them. */
  audio: string[];
  counts: { taskBatches: number; balanceSets: number; syntheses: number; polls: number };
  /** Failures while the server was meant to be up: each one fails the test. */
  errors: string[];
  /** Requests the server had not answered yet at each kill. */
  inFlightAtKill: number[];
};

export const newAcknowledged = (): Acknowledged => ({
  tasks: new Map(),
  balances: new Map(),
  audio: [],
  counts: { taskBatches: 0, balanceSets: 0, syntheses: 0, polls: 0 },
  errors: [],
  inFlightAtKill: [],
});

let inFlight = 0;
export const requestsInFlight = () => inFlight;

type Envelope<T> = { code: number; message: string; data: T | null };
const TOKEN = 'dev-token';
const TASK_USERS = ['101', '102'];
const BALANCE_USERS = ['201', '202'];
const SPEECH_USER = '301';
let nextPoints = 1;

async function call<T>(
  base: string,
  method: string,
  path: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<Envelope<T>> {
  inFlight++;
  let env: Envelope<T>;
  try {
    const res = await fetch(base + path, {
      method,
      headers: { 'Content-Type': 'application/json;charset=UTF-8', ...headers },
      body: JSON.stringify(body),
    });
    env = (await res.json()) as Envelope<T>;
  } finally {
    inFlight--;
  }
  if (env.code !== 0) throw new Error(`${method} ${path}: ${env.code} ${env.message}`);
  return env;
}

/** Run every loop until the server stops answering (it is killed) or `stop` is set. */
export function runWorkload(base: string, ack: Acknowledged, stop: { now: boolean }): Promise<unknown> {
  const loop = async (step: (i: number) => Promise<void>) => {
    try {
      for (let i = 0; !stop.now; i++) await step(i);
    } catch (error) {
      // Requests in flight when the server is killed reject: that ends a loop, it is no failure.
      if (!stop.now) ack.errors.push(error instanceof Error ? error.message : String(error));
    }
  };
  const createTasks = loop(async (i) => {
    const userId = TASK_USERS[i % TASK_USERS.length]!;
    const env = await call<{ taskIds: string[] }>(
      base,
      'POST',
      '/api/_emulator/tasks',
      { count: 25, durationMs: 500 + (i % 5) * 500, outcome: 'mixed' },
      { 'X-User-Id': userId },
    );
    for (const id of env.data!.taskIds) ack.tasks.set(id, { userId, seen: null });
    ack.counts.taskBatches++;
  });
  const setBalances = loop(async (i) => {
    const userId = BALANCE_USERS[i % BALANCE_USERS.length]!;
    const entry = ack.balances.get(userId) ?? { acked: null, inFlight: null };
    ack.balances.set(userId, entry);
    const points = nextPoints++;
    entry.inFlight = points;
    await call(base, 'PUT', `/api/_emulator/users/${userId}`, { points });
    entry.acked = points;
    entry.inFlight = null;
    ack.counts.balanceSets++;
  });
  const synthesize = (lane: number) =>
    loop(async (i) => {
      const sourceText = `Crash test ${lane}-${i}. The server may be killed while this sentence is written to disk.`;
      const env = await call<{ targetAudioUrl: string }>(
        base,
        'POST',
        `${GATEWAY_MOUNT}${operations.textToSpeech.path}`,
        { sourceText, voiceName: 'en-us', format: 'wav' },
        {
          Authorization: `Bearer ${TOKEN}`,
          'X-User-Id': SPEECH_USER,
        },
      );
      const url = new URL(env.data!.targetAudioUrl);
      ack.audio.push(url.pathname + url.search);
      ack.counts.syntheses++;
    });
  const poll = loop(async (i) => {
    const userId = TASK_USERS[i % TASK_USERS.length]!;
    const ids = [...ack.tasks]
      .filter(([, t]) => t.userId === userId)
      .slice(-100)
      .map(([id]) => id);
    if (ids.length === 0) return void (await new Promise((r) => setTimeout(r, 20)));
    const env = await call<Array<Seen & { taskId: string }>>(
      base,
      'POST',
      `${GATEWAY_MOUNT}${operations.taskStatus.path}`,
      { taskIds: ids },
      { 'X-User-Id': userId },
    );
    for (const item of env.data!)
      ack.tasks.get(item.taskId)!.seen = { taskStatus: item.taskStatus, taskProgress: item.taskProgress, updateTime: item.updateTime };
    ack.counts.polls++;
  });
  return Promise.all([createTasks, setBalances, synthesize(1), synthesize(2), poll]);
}
