import * as z from 'zod/mini';
import {
  countSourceTextChars,
  DEFAULT_AUDIO_FORMAT,
  EMOTION,
  SPEED_FACTOR,
  speechRequestSchema,
  VOLUME_DB,
  type AudioFormat,
  type SpeechRequest,
} from '@/contract';
import { LONG_TEXT_MAX_CHARS } from '../model/split-text';

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

const VOICE_MESSAGE = 'Give a voice name or a timbre number';

/** The contract's request schema, plus what only the console enforces: the 100,000 cap (longer than 5,000 goes in parts) and the voice message on both fields. */
export const speechFormSchema = z.pipe(
  z.transform(toSpeechRequest),
  speechRequestSchema.check(
    z.refine((r) => countSourceTextChars(r.sourceText) <= LONG_TEXT_MAX_CHARS, {
      path: ['sourceText'],
      message: `Longer than ${LONG_TEXT_MAX_CHARS} characters: more than the studio sends in parts`,
    }),
    z.refine((r) => r.voiceName !== undefined || r.timbreNumber !== undefined, { path: ['timbreNumber'], message: VOICE_MESSAGE }),
  ),
);

/** Messages in the operator's words (zod/mini ships none). */
export const speechFormErrorMap: z.core.$ZodErrorMap = (issue) => {
  if (issue.code === 'too_small') return `Must be at least ${String(issue.minimum)}`;
  if (issue.code === 'too_big') return `Must be at most ${String(issue.maximum)}`;
  if (issue.code === 'invalid_type' && issue.expected === 'int') return 'Must be a whole number';
  if (issue.code === 'invalid_type' && issue.expected === 'number') return 'Enter a number';
  return undefined;
};

export function parseSpeechForm(values: SpeechFormValues) {
  return speechFormSchema.safeParse(values, { error: speechFormErrorMap });
}
