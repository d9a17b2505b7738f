import * as z from 'zod/mini';
import {
  EMOTION,
  SPEECH_ENGINES,
  SPEED_FACTOR,
  VOICE_MISSING,
  VOICE_SCOPES,
  VOLUME_DB,
  missingParams,
  normalizeAudioFormat,
  operations,
  truncateSourceText,
} from '#contract';
import { EMBEDDED_FORMAT_FOR, type EmbeddedAudioFormat } from '../speech/embedded-formats';
import { MAX_TIMBRE_NUMBER, findVoice, isEmbeddedLanguage } from '../speech/voice-settings';
import { validateBody, withoutNulls } from '../validate-body';

type ParsedSpeechRequest = {
  text: string;
  targetLanguage?: string;
  voiceName?: string;
  timbreNumber?: number;
  speedFactor: number;
  volume: number;
  emotion: number;
  format: EmbeddedAudioFormat;
};

const isInt = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v);
const oneOf = (known: readonly { value: number }[]) => known.map((k) => k.value);

/**
 * The contract's request schema plus what only this gateway knows (its languages, voices,
 * timbres, scopes and engines). Runs even when a field is malformed, so the first problem in
 * field order is reported whatever else is wrong, as the rules are listed.
 */
const embeddedSpeechRequestSchema = operations.textToSpeech.request.check(
  z.check(
    (ctx) => {
      const r = ctx.value as Record<string, unknown>;
      const issue = (path: string, message: string, params?: Record<string, string>) =>
        ctx.issues.push({ code: 'custom', input: r[path], path: [path], message, ...(params ? { params } : {}) });
      const language = typeof r.targetLanguage === 'string' ? r.targetLanguage.trim().toLowerCase() : undefined;
      if (language && !isEmbeddedLanguage(language)) issue('targetLanguage', 'targetLanguage is not supported');
      if (typeof r.voiceName === 'string' && r.voiceName.trim() !== '') {
        const voice = findVoice(r.voiceName);
        if (!voice) issue('voiceName', 'voiceName is not a known voice');
        else if (language && isEmbeddedLanguage(language) && voice.language !== language) {
          issue('voiceName', `voiceName ${voice.name} does not speak targetLanguage ${language}`);
        }
      }
      if (isInt(r.timbreNumber) && r.timbreNumber > MAX_TIMBRE_NUMBER) {
        issue('timbreNumber', `timbreNumber must be a whole number from 0 to ${MAX_TIMBRE_NUMBER}`);
      }
      if (r.voiceName === undefined && r.timbreNumber === undefined) issue('voiceName', VOICE_MISSING, missingParams(VOICE_MISSING));
      for (const [key, known] of [
        ['common', oneOf(VOICE_SCOPES)],
        ['selectedEngine', oneOf(SPEECH_ENGINES)],
      ] as const) {
        if (isInt(r[key]) && !known.includes(r[key])) issue(key, `${key} must be one of ${known.join(', ')}`);
      }
    },
    { when: () => true },
  ),
);

/**
 * Operation B's body (section 4.2): nulls count as absent, text past 5000 code points is cut,
 * format is matched case-insensitively and falls back to wav; any userId in the body is ignored.
 */
export function readSpeechRequest(raw: Record<string, unknown>): ParsedSpeechRequest {
  const body = withoutNulls(raw);
  if (typeof body.sourceText === 'string') body.sourceText = truncateSourceText(body.sourceText);
  body.format = normalizeAudioFormat(typeof body.format === 'string' ? body.format.trim().toLowerCase() : body.format);
  const r = validateBody(embeddedSpeechRequestSchema, body);
  const voice = r.voiceName === undefined ? undefined : findVoice(r.voiceName);
  return {
    text: r.sourceText,
    ...(r.targetLanguage === undefined ? {} : { targetLanguage: r.targetLanguage.toLowerCase() }),
    ...(voice ? { voiceName: voice.name } : {}),
    ...(r.timbreNumber === undefined ? {} : { timbreNumber: r.timbreNumber }),
    speedFactor: r.speedFactor ?? SPEED_FACTOR.default,
    volume: r.volume ?? VOLUME_DB.default,
    emotion: r.emotion ?? EMOTION.default,
    format: EMBEDDED_FORMAT_FOR[normalizeAudioFormat(r.format)],
  };
}
