import type { GatewayDeps } from './deps';
import { UrlSigner } from './files/url-signer';
import type { SpeechService } from './speech/speech-service';
import { TaskEngine, type Clock } from './tasks/task-engine';
import { PointsLedger } from './users/points-ledger';

export type GatewayOptions = {
  dataDir: string;
  tokens: Iterable<string>;
  statusAuth: 'optional' | 'required';
  emulator: boolean;
  speech: SpeechService;
  /** Injected in tests to drive task lifecycles without sleeping. */
  now?: Clock;
};

export type OpenGatewayDeps = GatewayDeps & { close(): Promise<void> };

/** Load persisted state from dataDir and build what the gateway's routes need. */
export async function createGatewayDeps(options: GatewayOptions): Promise<OpenGatewayDeps> {
  const [tasks, points, signer] = await Promise.all([
    TaskEngine.open(options.dataDir, options.now),
    PointsLedger.open(options.dataDir),
    UrlSigner.open(options.dataDir),
  ]);
  let closing: Promise<void> | undefined;
  const close = async () => {
    await Promise.all([tasks.close(), points.flush()]);
    await options.speech.close?.();
  };
  return {
    tokens: new Set(options.tokens),
    statusAuth: options.statusAuth,
    emulator: options.emulator,
    tasks,
    points,
    speech: options.speech,
    signer,
    /** Safe to call more than once (a test's afterEach and a shutdown hook may both call it). */
    close: () => (closing ??= close()),
  };
}
