import type { AudioFormat } from '@/contract';
import type { Connection } from '@/lib/connection-profile';
import { GatewayRequestError } from '@/lib/gateway-error';
import type { ScriptRow } from '../import/import-script';
import { lineRequest } from './line-request';
import type { LexiconRule } from '../../lexicon';
import type { SynthesisOutcome } from './script-queue-state';
import { outcomeOfError } from './synthesis-outcome';
import { pcmDurationSeconds, type PcmFormat, SAMPLE_CONTAINER } from '../../audio';
import type { StoredScriptTake } from './script-db';
import { makeTake } from '../../take';

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
      durationMs: await durationOf(audio, take.format, take.pcmFormat, take.result.speeches),
    });
    return { kind: 'ok', taskId: take.result.taskId, targetAudioUrl: take.result.targetAudioUrl };
  } catch (error) {
    return outcomeOfError(error, error instanceof GatewayRequestError ? error.retryAfter : null);
  }
}

/** The audio's length: from its samples (a WAV header, the PCM size), else where the last segment ends; null when nothing says. */
async function durationOf(
  audio: Blob | null,
  format: AudioFormat,
  pcmFormat: PcmFormat,
  speeches: readonly unknown[] | null | undefined,
): Promise<number | null> {
  // An encoded format (MP3) is not measured from its size: its segments say.
  const container = SAMPLE_CONTAINER[format];
  if (audio && container) {
    const layout = await container.layout(audio, pcmFormat).catch(() => null);
    if (layout) return Math.round(pcmDurationSeconds(layout.dataBytes, layout.format) * 1000);
  }
  const ends = (speeches ?? []).map((s) => (s as { endMs?: unknown } | null)?.endMs).filter((e): e is number => typeof e === 'number');
  return ends.length > 0 ? Math.max(...ends) : null;
}
