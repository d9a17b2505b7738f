import { availableParallelism } from 'node:os';
import { countSourceTextChars, type EmbeddedVoice, type SpeechSegment } from '#contract';
import type { EmbeddedAudioFormat } from './embedded-formats';
import { openGatewayDatabase, type Db } from '../storage/gateway-database';
import { createAudioStore, DEFAULT_AUDIO_RETENTION, type AudioRetention, type StoredAudio } from './audio-store';
import { detectLanguage } from './detect-language';
import type { SpeechEngine } from './speech-engine';
import { OutputTooLongError } from './speech-errors';
import { splitSentences } from './split-sentences';
import { engineProsody, findVoice, isEmbeddedLanguage, voiceFor, type EngineProsody } from './voice-settings';
import { createWorkerPool } from './worker-pool';

export type { StoredAudio } from './audio-store';

/** What the gateway needs from speech synthesis (the routes use only this; tests pass doubles). */
export type SpeechService = {
  /** A synthesized file by its ID, or null when there is no such file (or it has expired). */
  readAudio(fileId: string): Promise<StoredAudio | null>;
  /**
   * Aborting `signal` (the client left) cancels the job; it then rejects with SynthesisCancelledError.
   * `commit` runs inside the database transaction that indexes the audio, so what it writes (the
   * settlement of the charge) commits with the row or not at all; a service that indexes nothing
   * (a test double) may leave it uncalled.
   */
  synthesize(input: SynthesisInput, options?: SynthesisOptions): Promise<SynthesisOutput>;
  close?(): Promise<void>;
};

type SynthesisOptions = { signal?: AbortSignal; commit?: () => void };

/** Already validated by the route: voiceName is a known voice, targetLanguage a supported one. */
export type SynthesisInput = {
  userId: string;
  text: string;
  format: EmbeddedAudioFormat;
  voiceName?: string;
  timbreNumber?: number;
  targetLanguage?: string;
  speedFactor: number;
  volume: number;
  emotion: number;
  channel?: number;
  appSource?: string | null;
  /** Whom the engine's queue is fair between (a hashed token, see caller-key.ts); one turn when absent. */
  callerKey?: string;
};

export type SynthesisOutput = {
  fileId: string;
  format: EmbeddedAudioFormat;
  durationMs: number;
  sourceLanguage: string;
  targetLanguage: string;
  voiceName: string;
  speeches: SpeechSegment[];
};

/** voiceName wins; otherwise timbreNumber picks a variant of the target (or detected) language's voice. */
function chooseVoice(input: SynthesisInput, sourceLanguage: string): EmbeddedVoice {
  const named = input.voiceName === undefined ? undefined : findVoice(input.voiceName);
  if (named) return named;
  const language = input.targetLanguage ?? sourceLanguage;
  const code = isEmbeddedLanguage(language) ? language : 'en';
  const voice = voiceFor(code, input.timbreNumber ?? 0) ?? voiceFor(code, 0);
  if (!voice) throw new Error(`no voice for language ${code}`);
  return voice;
}

/** Longest audio one request may produce unless configured (SPEECH_MAX_OUTPUT_SECONDS). */
const DEFAULT_MAX_OUTPUT_SECONDS = 600;
const SWEEP_EVERY_MS = 60_000;

/**
 * A lower bound of the audio's length, so only requests that are surely too long are refused
 * before any work (at most 8 characters a word; the measured ratio is 5-6); the real length is
 * checked again after synthesis.
 */
export function leastDurationSeconds(text: string, sentences: number, prosody: EngineProsody): number {
  const words = countSourceTextChars(text) / 8;
  return (words / prosody.wpm) * 60 + (Math.max(0, sentences - 1) * prosody.gapMs) / 1000;
}

export type SpeechServiceOptions = {
  dataDir: string;
  /** The gateway's database; opened here on dataDir when not given (tests). */
  database?: Db;
  poolSize?: number;
  maxOutputSeconds?: number;
  retention?: AudioRetention;
  /** The real engine unless a test says otherwise (SPEECH_ENGINE). */
  engine?: SpeechEngine;
  /** The stand-in's wait per sentence before it speaks (SPEECH_STAND_IN_SENTENCE_MS, a test aid). */
  standInSentenceMs?: number;
};

export function createSpeechService(options: SpeechServiceOptions): SpeechService {
  const maxOutputSeconds = options.maxOutputSeconds ?? DEFAULT_MAX_OUTPUT_SECONDS;
  const own = options.database ? null : openGatewayDatabase(options.dataDir);
  const store = createAudioStore(options.dataDir, options.database ? Promise.resolve(options.database) : own!.then((d) => d.db), {
    ...DEFAULT_AUDIO_RETENTION,
    ...options.retention,
  });
  // One core stays with the event loop, so status answers keep flowing while speech is made.
  const pool = createWorkerPool(options.poolSize ?? Math.max(1, availableParallelism() - 1), {
    engine: options.engine ?? 'espeak-ng',
    standInSentenceMs: options.standInSentenceMs ?? 0,
  });
  const sweep = () =>
    void store.sweep().catch((err: unknown) => console.error('audio: sweep failed', err instanceof Error ? err.message : err));
  const sweeper = setInterval(sweep, SWEEP_EVERY_MS).unref();
  sweep();

  return {
    readAudio: (fileId) => store.read(fileId),
    close: async () => {
      clearInterval(sweeper);
      await pool.close();
      if (own) (await own).close();
    },
    async synthesize(input, { signal, commit } = {}) {
      const named = input.voiceName === undefined ? undefined : findVoice(input.voiceName);
      const sourceLanguage = detectLanguage(input.text, named?.language ?? input.targetLanguage ?? 'en');
      const voice = chooseVoice(input, sourceLanguage);
      const sentences = splitSentences(input.text);
      if (sentences.length === 0) throw new Error('nothing to say');
      const prosody = engineProsody(input.speedFactor, input.emotion);
      const least = leastDurationSeconds(input.text, sentences.length, prosody);
      if (least > maxOutputSeconds) throw new OutputTooLongError(least, maxOutputSeconds);
      const job = { sentences, voice: voice.name, ...prosody, volumeDb: input.volume, format: input.format };
      const result = await pool.run(job, { ...(signal ? { signal } : {}), ...(input.callerKey ? { key: input.callerKey } : {}) });
      if (result.durationMs > maxOutputSeconds * 1000) throw new OutputTooLongError(result.durationMs / 1000, maxOutputSeconds);
      const meta = await store.save(
        result.bytes,
        {
          userId: input.userId,
          format: input.format,
          channel: input.channel ?? 0,
          appSource: input.appSource ?? null,
          durationMs: result.durationMs,
        },
        commit,
      );
      return {
        fileId: meta.fileId,
        format: input.format,
        durationMs: result.durationMs,
        sourceLanguage,
        targetLanguage: input.targetLanguage ?? voice.language,
        voiceName: voice.name,
        speeches: sentences.map((text, index) => ({ index, text, ...result.spans[index]! })),
      };
    },
  };
}
