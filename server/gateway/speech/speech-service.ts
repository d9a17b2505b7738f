import type { AudioFormat, EmbeddedVoice, SpeechSegment } from '../../../src/contract';
import { createAudioStore } from './audio-store';
import { detectLanguage } from './detect-language';
import { splitSentences } from './split-sentences';
import { engineProsody, findVoice, isEmbeddedLanguage, voiceFor } from './voice-settings';
import { createWorkerPool } from './worker-pool';

/**
 * What the gateway needs from speech synthesis. Minimal shape agreed between the task/files side
 * and the speech side; the speech engineer owns this file and may widen synthesize().
 */
export type StoredAudio = { bytes: Uint8Array; contentType: string; fileName: string };

export type SpeechService = {
  /** Bytes of a synthesized file by its ID, or null when there is no such file. */
  readAudio(fileId: string): Promise<StoredAudio | null>;
  synthesize(input: SynthesisInput): Promise<SynthesisOutput>;
  close?(): Promise<void>;
};

/** Already validated by the route: voiceName is a known voice, targetLanguage a supported one. */
export type SynthesisInput = {
  userId: string;
  text: string;
  format: AudioFormat;
  voiceName?: string;
  timbreNumber?: number;
  targetLanguage?: string;
  speedFactor: number;
  volume: number;
  emotion: number;
  channel?: number;
  appSource?: string | null;
};

export type SynthesisOutput = {
  fileId: string;
  format: AudioFormat;
  durationMs: number;
  sourceLanguage: string;
  targetLanguage: string;
  voiceName: string;
  speeches: SpeechSegment[];
};

/** voiceName wins; otherwise timbreNumber picks a variant of the target (or detected) language's voice. */
export function chooseVoice(input: SynthesisInput, sourceLanguage: string): EmbeddedVoice {
  const named = input.voiceName === undefined ? undefined : findVoice(input.voiceName);
  if (named) return named;
  const language = input.targetLanguage ?? sourceLanguage;
  const code = isEmbeddedLanguage(language) ? language : 'en';
  const voice = voiceFor(code, input.timbreNumber ?? 0) ?? voiceFor(code, 0);
  if (!voice) throw new Error(`no voice for language ${code}`);
  return voice;
}

export function createSpeechService(options: { dataDir: string; poolSize?: number }): SpeechService {
  const store = createAudioStore(options.dataDir);
  const pool = createWorkerPool(options.poolSize ?? 2);

  return {
    readAudio: (fileId) => store.read(fileId),
    close: () => pool.close(),
    async synthesize(input) {
      const named = input.voiceName === undefined ? undefined : findVoice(input.voiceName);
      const sourceLanguage = detectLanguage(input.text, named?.language ?? input.targetLanguage ?? 'en');
      const voice = chooseVoice(input, sourceLanguage);
      const sentences = splitSentences(input.text);
      if (sentences.length === 0) throw new Error('nothing to say');
      const prosody = engineProsody(input.speedFactor, input.emotion);
      const result = await pool.run({
        sentences,
        voice: voice.name,
        ...prosody,
        volumeDb: input.volume,
        format: input.format,
      });
      const meta = await store.save(result.bytes, {
        userId: input.userId,
        format: input.format,
        channel: input.channel ?? 0,
        appSource: input.appSource ?? null,
        durationMs: result.durationMs,
      });
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
