import * as z from 'zod/mini';
import { EMOTION, SPEED_FACTOR, VOLUME_DB } from './limits';
import { envelopeSchema } from './envelope';

/**
 * Languages the embedded gateway synthesizes (the spec leaves the list to the gateway).
 * Codes are ISO 639-1 (cmn is reported as zh). Their names are the console's (the speech catalog).
 */
export const EMBEDDED_LANGUAGES = [
  { code: 'en' },
  { code: 'zh' },
  { code: 'es' },
  { code: 'fr' },
  { code: 'de' },
  { code: 'it' },
  { code: 'pt' },
  { code: 'ja' },
] as const;

/** Values of `common` the embedded gateway knows (spec: "public or private", values not shown): 0 public, 1 private. */
export const VOICE_SCOPES = [{ value: 0 }, { value: 1 }] as const;

/** Values of `selectedEngine` the embedded gateway knows (spec: not shown): 0 the default engine, 1 eSpeak NG. */
export const SPEECH_ENGINES = [{ value: 0 }, { value: 1 }] as const;

/** PCM output of the embedded gateway: signed 16-bit little-endian, mono, 22,050 Hz. */
export const EMBEDDED_PCM = { sampleRate: 22050, channels: 1, bitsPerSample: 16 } as const;

const int = () => z.number().check(z.int());
// Problems carry codes (params.missing), not prose: the gateway words them as the service does, the console in the operator's language.
/** The voice rule's missing thing, as the gateway names it. */
export const VOICE_MISSING = 'voiceName or timbreNumber';

export const missingParams = (what: string) => ({ missing: what });
const optionalInt = z.optional(int());

/**
 * Request body of Operation B (section 4.2) as a valid request looks. sourceText is not capped
 * here: the gateway truncates past 5000 characters; the console's form adds that cap itself.
 */
// Pure: only the lazily loaded speech form uses it, so the first-load bundle can drop it.
export const speechRequestSchema = /* @__PURE__ */ z
  .object({
    sourceText: z.string().check(z.refine((t) => t.trim().length > 0, { params: missingParams('sourceText') })),
    targetLanguage: z.optional(z.string().check(z.trim(), z.minLength(1))),
    voiceName: z.optional(z.string().check(z.trim(), z.minLength(1))),
    timbreNumber: z.optional(int().check(z.minimum(0))),
    common: optionalInt,
    speedFactor: z.optional(z.number().check(z.minimum(SPEED_FACTOR.min), z.maximum(SPEED_FACTOR.max))),
    volume: z.optional(z.number().check(z.minimum(VOLUME_DB.min), z.maximum(VOLUME_DB.max))),
    emotion: z.optional(int().check(z.minimum(EMOTION.min), z.maximum(EMOTION.max))),
    selectedEngine: optionalInt,
    format: z.optional(z.string()),
  })
  .check(
    z.refine((r) => r.voiceName !== undefined || r.timbreNumber !== undefined, {
      path: ['voiceName'],
      params: missingParams(VOICE_MISSING),
    }),
  );
export type SpeechRequest = z.input<typeof speechRequestSchema>;

/** One element of `speeches` as the embedded gateway writes it (spec: fields not shown). */
export const speechSegmentSchema = z.object({
  index: int(),
  text: z.string(),
  startMs: z.number(),
  endMs: z.number(),
});
export type SpeechSegment = z.infer<typeof speechSegmentSchema>;

/**
 * Not the service's: the console proxy's signed ticket for its audio relay (server/proxy/audio-ticket.ts),
 * added to a speech answer that passed through it. Anything else under that name is ignored, never a failure.
 */
const audioTicketSchema = z.object({ exp: int(), sig: z.string() });
export type AudioTicket = z.infer<typeof audioTicketSchema>;

/** data of a successful Operation B answer (section 2.3). speeches stay loose: shapes vary. */
export const speechResultSchema = z.object({
  taskId: z.string(),
  targetAudioUrl: z.string().check(z.minLength(1)),
  consoleAudioTicket: z.catch(z.optional(audioTicketSchema), undefined),
  sourceLanguage: z.nullish(z.string()),
  targetLanguage: z.nullish(z.string()),
  speeches: z.nullish(z.array(z.unknown())),
  userId: z.nullish(z.union([z.number(), z.string()])),
});
export type SpeechResult = z.output<typeof speechResultSchema>;

export const speechResponseSchema = z.extend(envelopeSchema, {
  data: z.nullable(speechResultSchema),
});
