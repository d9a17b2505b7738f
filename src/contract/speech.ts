import { z } from 'zod';
import { AUDIO_FORMATS, EMOTION, SPEED_FACTOR, VOLUME_DB } from './limits';
import { envelopeSchema } from './envelope';

/**
 * Languages the embedded gateway synthesizes (the spec leaves the list to the gateway).
 * Codes are ISO 639-1 (cmn is reported as zh).
 */
export const EMBEDDED_LANGUAGES = [
  { code: 'en', name: 'English' },
  { code: 'zh', name: 'Chinese (Mandarin)' },
  { code: 'es', name: 'Spanish' },
  { code: 'fr', name: 'French' },
  { code: 'de', name: 'German' },
  { code: 'it', name: 'Italian' },
  { code: 'pt', name: 'Portuguese' },
  { code: 'ja', name: 'Japanese (kana)' },
] as const;

/** Values of `common` the embedded gateway knows (spec: "public or private", values not shown). */
export const VOICE_SCOPES = [
  { value: 0, label: 'Public voice' },
  { value: 1, label: 'Private voice' },
] as const;

/** Values of `selectedEngine` the embedded gateway knows (spec: not shown). */
export const SPEECH_ENGINES = [
  { value: 0, label: 'Default engine' },
  { value: 1, label: 'eSpeak NG' },
] as const;

/** PCM output of the embedded gateway: signed 16-bit little-endian, mono, 22,050 Hz. */
export const EMBEDDED_PCM = { sampleRate: 22050, channels: 1, bitsPerSample: 16 } as const;

const optionalInt = z.number().int().optional();

/**
 * Request body of Operation B (section 4.2) as a valid request looks. sourceText is not capped
 * here: the gateway truncates past 5000 characters; the console's form adds that cap itself.
 */
export const speechRequestSchema = z
  .object({
    sourceText: z.string().refine((t) => t.trim().length > 0, 'Text is required'),
    targetLanguage: z.string().trim().min(1).optional(),
    voiceName: z.string().trim().min(1).optional(),
    timbreNumber: z.number().int().min(0).optional(),
    common: optionalInt,
    speedFactor: z.number().min(SPEED_FACTOR.min).max(SPEED_FACTOR.max).optional(),
    volume: z.number().min(VOLUME_DB.min).max(VOLUME_DB.max).optional(),
    emotion: z.number().int().min(EMOTION.min).max(EMOTION.max).optional(),
    selectedEngine: optionalInt,
    format: z.string().optional(),
  })
  .refine((r) => r.voiceName !== undefined || r.timbreNumber !== undefined, {
    message: 'Give a voice name or a timbre number',
    path: ['voiceName'],
  });
export type SpeechRequest = z.input<typeof speechRequestSchema>;

/** One element of `speeches` as the embedded gateway writes it (spec: fields not shown). */
export const speechSegmentSchema = z.object({
  index: z.number().int(),
  text: z.string(),
  startMs: z.number(),
  endMs: z.number(),
});
export type SpeechSegment = z.infer<typeof speechSegmentSchema>;

/** data of a successful Operation B answer (section 2.3). speeches stay loose: shapes vary. */
export const speechResultSchema = z.object({
  taskId: z.string(),
  targetAudioUrl: z.string().min(1),
  sourceLanguage: z.string().nullish(),
  targetLanguage: z.string().nullish(),
  speeches: z.array(z.unknown()).nullish(),
  userId: z.union([z.number(), z.string()]).nullish(),
});
export type SpeechResult = z.output<typeof speechResultSchema>;

export const speechResponseSchema = envelopeSchema.extend({
  data: speechResultSchema.nullable(),
});

export const audioFormatSchema = z.enum(AUDIO_FORMATS);
