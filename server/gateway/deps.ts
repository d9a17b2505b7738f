import type { TaskEngine } from './tasks/task-engine';
import type { PointsLedger } from './users/points-ledger';
import type { SpeechService } from './speech/speech-service';
import type { SpeechAdmission } from './speech/speech-admission';
import type { UrlSigner } from './files/url-signer';
import type { StatusAnswerCache } from './routes/status-answer-cache';
import type { GatewayMetrics } from '../observability/console-metrics';

/** Everything the gateway's routes need, built once by createGatewayDeps (or by a test). */
export type GatewayDeps = {
  tokens: ReadonlySet<string>;
  statusAuth: 'optional' | 'required';
  /** Emulator controls (/_emulator/*) exist only in embedded mode. */
  emulator: boolean;
  tasks: TaskEngine;
  points: PointsLedger;
  speech: SpeechService;
  speechAdmission: SpeechAdmission;
  signer: UrlSigner;
  /** Operation A's recent answers, shared by its route and the server's node-level fast path. */
  statusAnswers: StatusAnswerCache;
  /** Origin of signed file links (PUBLIC_URL); when unset, the origin the request came to (its Host was allowed). */
  publicOrigin?: string;
  /** Batch sizes and synthesized text, when the server keeps metrics (METRICS_TOKEN). */
  metrics?: GatewayMetrics;
};
