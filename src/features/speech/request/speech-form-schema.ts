import * as z from 'zod/mini';
import {
  countSourceTextChars,
  DEFAULT_AUDIO_FORMAT,
  EMOTION,
  SPEED_FACTOR,
  speechRequestSchema,
  VOICE_MISSING,
  VOLUME_DB,
  type AudioFormat,
  type SpeechRequest,
} from '@/contract';
import { t } from '@/i18n/i18n-store';
import { applyLexicon, lexiconStore } from '../lexicon';
import { LONG_TEXT_MAX_CHARS } from '../long-text';

/** What the inputs hold: text boxes give strings ('' = not sent), sliders give numbers. */
export type SpeechFormValues = {
  sourceText: string;
  targetLanguage: string;
  voiceName: string;
  timbreNumber: string;
  common: string;
  selectedEngine: string;
  speedFactor: number;
  volume: number;
  emotion: number;
  format: AudioFormat;
};

export type SpeechFormField = keyof SpeechFormValues;

export const SPEECH_FORM_DEFAULTS: SpeechFormValues = {
  sourceText: '',
  targetLanguage: '',
  voiceName: '',
  timbreNumber: '',
  common: '',
  selectedEngine: '',
  speedFactor: SPEED_FACTOR.default,
  volume: VOLUME_DB.default,
  emotion: EMOTION.default,
  format: DEFAULT_AUDIO_FORMAT,
};

const text = (v: string) => (v.trim() === '' ? undefined : v.trim());
// A typed "1.5" or "abc" must reach the contract as a non-integer or NaN so it is refused, not dropped.
const integerText = (v: string) => (v.trim() === '' ? undefined : /^-?\d+(\.\d+)?$/.test(v.trim()) ? Number(v.trim()) : NaN);

/** The request body exactly as it will be sent: the text without its outer whitespace, empty optional fields left out. */
export function toSpeechRequest(values: SpeechFormValues): SpeechRequest {
  const body: SpeechRequest = { sourceText: values.sourceText.trim() };
  const optional = {
    targetLanguage: text(values.targetLanguage),
    voiceName: text(values.voiceName),
    timbreNumber: integerText(values.timbreNumber),
    common: integerText(values.common),
    selectedEngine: integerText(values.selectedEngine),
  };
  for (const [key, value] of Object.entries(optional)) {
    if (value !== undefined) Object.assign(body, { [key]: value });
  }
  return { ...body, speedFactor: values.speedFactor, volume: values.volume, emotion: values.emotion, format: values.format };
}

/**
 * The contract's request schema, plus what only the console enforces: the 100,000 cap (longer than
 * 5,000 goes in parts) and the voice message on both fields. Messages are worded when a value is
 * checked, in the operator's language (the contract, shared with the server, gives codes only).
 */
const speechFormSchema = z.pipe(
  z.transform(toSpeechRequest),
  speechRequestSchema.check(
    z.refine((r) => countSourceTextChars(r.sourceText) <= LONG_TEXT_MAX_CHARS, {
      path: ['sourceText'],
      error: () => t('speech.validation.tooLong', { max: String(LONG_TEXT_MAX_CHARS) }),
    }),
    z.refine((r) => r.voiceName !== undefined || r.timbreNumber !== undefined, {
      path: ['timbreNumber'],
      error: () => t('speech.validation.voiceRequired'),
    }),
  ),
);

/** Messages in the operator's words and language (zod/mini ships none; the contract's checks carry codes). */
export const speechFormErrorMap: z.core.$ZodErrorMap = (issue) => {
  if (issue.code === 'too_small') return t('speech.validation.atLeast', { min: String(issue.minimum) });
  if (issue.code === 'too_big') return t('speech.validation.atMost', { max: String(issue.maximum) });
  if (issue.code === 'invalid_type' && issue.expected === 'int') return t('speech.validation.wholeNumber');
  if (issue.code === 'invalid_type' && issue.expected === 'number') return t('speech.validation.number');
  if (issue.code === 'custom' && issue.params?.missing === 'sourceText') return t('speech.validation.textRequired');
  if (issue.code === 'custom' && issue.params?.missing === VOICE_MISSING) return t('speech.validation.voiceRequired');
  return undefined;
};

export function parseSpeechForm(values: SpeechFormValues) {
  return speechFormSchema.safeParse(values, { error: speechFormErrorMap });
}

/**
 * What the Speech form sends: the request above with the active profile's pronunciation rules
 * applied to its text (lexiconStore, read when the form is checked). The text sent is what the
 * 100,000 limit and the split in parts of 5,000 see, and what the take keeps; the script import
 * applies the rules itself and uses parseSpeechForm.
 */
export const sentSpeechFormSchema = z.pipe(
  speechFormSchema,
  z.transform((request: SpeechRequest, ctx) => {
    const rules = lexiconStore.get();
    if (rules.length === 0) return request;
    // Bounded while it is built: past LONG_TEXT_MAX_CHARS the rewrite stops and only counts (tooLong, chars).
    const rewritten = applyLexicon(request.sourceText, rules, request.targetLanguage);
    const sourceText = rewritten.text.trim();
    const chars = rewritten.tooLong ? rewritten.chars : countSourceTextChars(sourceText);
    if (chars > LONG_TEXT_MAX_CHARS || chars === 0) {
      ctx.issues.push({
        code: 'custom',
        path: ['sourceText'],
        input: request.sourceText,
        message: chars === 0 ? t('speech.validation.textRequired') : t('speech.lexicon.sentTooLong', { chars, max: LONG_TEXT_MAX_CHARS }),
      });
      return z.NEVER;
    }
    return { ...request, sourceText };
  }),
);

export function parseSentSpeechForm(values: SpeechFormValues) {
  return sentSpeechFormSchema.safeParse(values, { error: speechFormErrorMap });
}
