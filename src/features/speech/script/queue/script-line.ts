import type { Connection } from '@/lib/connection-profile';
import { GatewayRequestError } from '@/lib/gateway-error';
import type { ScriptRow } from '../import/import-script';
import { lineRequest } from './line-request';
import type { LexiconRule } from '../../lexicon';
import type { SynthesisOutcome } from './script-queue-state';
import { outcomeOfError } from './synthesis-outcome';
import type { PcmFormat } from '../../audio';
import type { StoredScriptTake } from './script-db';
import { makeTake } from '../../take';
import { takeDurationMs } from './take-duration';

export type ScriptLineDeps = {
  scriptId: string;
  connection: Connection;
  pcmFormat: PcmFormat;
  /** The active pronunciation lexicon, read when the line is sent (once it has been loaded). */
  rules: () => readonly LexiconRule[] | Promise<readonly LexiconRule[]>;
  /** Keeps the finished line (its audio too) before the queue counts it done. */
  save: (take: StoredScriptTake) => Promise<void>;
};

/**
 * One script line through the console's api client: its request with the lexicon applied, its
 * audio fetched and kept, and what came of it as the queue reads it (a 429 with its Retry-After).
 */
export async function synthesizeLine(row: ScriptRow, deps: ScriptLineDeps, signal: AbortSignal): Promise<SynthesisOutcome> {
  try {
    const { request } = lineRequest(row, await deps.rules());
    const { take, audio } = await makeTake({ connection: deps.connection, request, pcmFormat: deps.pcmFormat }, signal);
    await deps.save({
      scriptId: deps.scriptId,
      line: row.line,
      request,
      result: take.result,
      audio,
      format: take.format,
      pcmFormat: take.pcmFormat,
      durationMs: await takeDurationMs(audio, take.format, take.pcmFormat, take.result.speeches),
    });
    return { kind: 'ok', taskId: take.result.taskId, targetAudioUrl: take.result.targetAudioUrl };
  } catch (error) {
    return outcomeOfError(error, error instanceof GatewayRequestError ? error.retryAfter : null);
  }
}
