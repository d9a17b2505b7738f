import type { GatewayDeps } from './deps';
import { UrlSigner } from './files/url-signer';
import { createSpeechAdmission, DEFAULT_SPEECH_QUEUE_LIMITS, type SpeechQueueLimits } from './speech/speech-admission';
import type { SpeechService } from './speech/speech-service';
import { openGatewayDatabase } from './storage/gateway-database';
import { DEFAULT_TASK_LIMITS, TaskEngine, type Clock, type TaskLimits } from './tasks/task-engine';
import { PointsLedger } from './users/points-ledger';
import { StatusAnswerCache } from './routes/status-answer-cache';
import type { GatewayMetrics } from '../observability/console-metrics';

export type GatewayOptions = {
  dataDir: string;
  tokens: Iterable<string>;
  statusAuth: 'optional' | 'required';
  emulator: boolean;
  speech: SpeechService;
  /** Injected in tests to drive task lifecycles without sleeping. */
  now?: Clock;
  limits?: { tasks?: Partial<TaskLimits>; speechQueue?: Partial<SpeechQueueLimits> };
  publicOrigin?: string;
  metrics?: GatewayMetrics;
};

export type OpenGatewayDeps = GatewayDeps & { close(): Promise<void> };

const EXPIRE_EVERY_MS = 60_000;

/** Open the database in dataDir and build what the gateway's routes need. */
export async function createGatewayDeps(options: GatewayOptions): Promise<OpenGatewayDeps> {
  const database = await openGatewayDatabase(options.dataDir);
  const tasks = new TaskEngine(database.db, options.now, { ...DEFAULT_TASK_LIMITS, ...options.limits?.tasks });
  const points = new PointsLedger(database.db);
  // Charges still held belong to syntheses a crash or shutdown cut off: they cost nothing. On a
  // full disk the refunds are owed (balances count them) and written once there is room.
  const refunded = points.releaseAbandoned();
  if (refunded > 0) console.log(`gateway: refunded ${refunded} charges of syntheses cut off by the last stop`);
  const signer = await UrlSigner.open(options.dataDir);
  const speechAdmission = createSpeechAdmission({ ...DEFAULT_SPEECH_QUEUE_LIMITS, ...options.limits?.speechQueue });
  const expire = () => {
    try {
      tasks.expireFinished();
    } catch (err) {
      console.error('tasks: expiry failed', err instanceof Error ? err.message : String(err));
    }
  };
  const expirer = setInterval(expire, EXPIRE_EVERY_MS).unref();
  expire();

  let closing: Promise<void> | undefined;
  const close = async () => {
    clearInterval(expirer);
    // Stopping the engine fails the running syntheses; their routes refund before the database closes.
    await options.speech.close?.();
    await speechAdmission.drained();
    await points.close();
    database.close();
  };
  return {
    tokens: new Set(options.tokens),
    statusAuth: options.statusAuth,
    emulator: options.emulator,
    tasks,
    points,
    speech: options.speech,
    speechAdmission,
    signer,
    statusAnswers: new StatusAnswerCache(),
    ...(options.publicOrigin ? { publicOrigin: options.publicOrigin } : {}),
    ...(options.metrics ? { metrics: options.metrics } : {}),
    /** Safe to call more than once (a test's afterEach and a shutdown hook may both call it). */
    close: () => (closing ??= close()),
  };
}
