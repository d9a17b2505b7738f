import {
  EMOTION,
  SPEECH_ENGINES,
  SPEED_FACTOR,
  VOICE_SCOPES,
  VOLUME_DB,
  normalizeAudioFormat,
  truncateSourceText,
  type AudioFormat,
} from '../../../src/contract';
import { invalid, missing } from '../reply';
import { MAX_TIMBRE_NUMBER, findVoice, isEmbeddedLanguage } from '../speech/voice-settings';

export type ParsedSpeechRequest = {
  text: string;
  targetLanguage?: string;
  voiceName?: string;
  timbreNumber?: number;
  speedFactor: number;
  volume: number;
  emotion: number;
  format: AudioFormat;
};

const absent = (v: unknown) => v === undefined || v === null;

function numberIn(
  body: Record<string, unknown>,
  key: string,
  range: { min: number; max: number; default: number },
  integer = false,
): number {
  const v = body[key];
  if (absent(v)) return range.default;
  if (typeof v !== 'number' || !Number.isFinite(v) || v < range.min || v > range.max || (integer && !Number.isInteger(v))) {
    throw invalid(`${key} must be a ${integer ? 'whole ' : ''}number from ${range.min} to ${range.max}`);
  }
  return v;
}

function knownInt(body: Record<string, unknown>, key: string, known: readonly { value: number }[]): void {
  const v = body[key];
  if (absent(v)) return;
  if (typeof v !== 'number' || !known.some((k) => k.value === v)) {
    throw invalid(`${key} must be one of ${known.map((k) => k.value).join(', ')}`);
  }
}

function optionalString(body: Record<string, unknown>, key: string): string | undefined {
  const v = body[key];
  if (absent(v)) return undefined;
  if (typeof v !== 'string' || v.trim() === '') throw invalid(`${key} must be a non-empty string`);
  return v.trim();
}

function readSourceText(body: Record<string, unknown>): string {
  const v = body.sourceText;
  if (absent(v)) throw missing('sourceText');
  if (typeof v !== 'string') throw invalid('sourceText must be a string');
  const text = truncateSourceText(v);
  if (text.trim() === '') throw missing('sourceText is empty');
  return text;
}

/** Operation B's body rules (section 4.2); any userId in the body is ignored (X-User-Id rules). */
export function parseSpeechRequest(body: Record<string, unknown>): ParsedSpeechRequest {
  const text = readSourceText(body);
  const targetLanguage = optionalString(body, 'targetLanguage')?.toLowerCase();
  if (targetLanguage !== undefined && !isEmbeddedLanguage(targetLanguage)) throw invalid('targetLanguage is not supported');
  const voiceName = optionalString(body, 'voiceName');
  const voice = voiceName === undefined ? undefined : findVoice(voiceName);
  if (voiceName !== undefined && !voice) throw invalid('voiceName is not a known voice');
  if (voice && targetLanguage !== undefined && voice.language !== targetLanguage) {
    throw invalid(`voiceName ${voice.name} does not speak targetLanguage ${targetLanguage}`);
  }
  const timbre = body.timbreNumber;
  if (!absent(timbre) && (typeof timbre !== 'number' || !Number.isInteger(timbre) || timbre < 0 || timbre > MAX_TIMBRE_NUMBER)) {
    throw invalid(`timbreNumber must be a whole number from 0 to ${MAX_TIMBRE_NUMBER}`);
  }
  if (voiceName === undefined && absent(timbre)) throw missing('voiceName or timbreNumber');
  const speedFactor = numberIn(body, 'speedFactor', SPEED_FACTOR);
  const volume = numberIn(body, 'volume', VOLUME_DB);
  const emotion = numberIn(body, 'emotion', EMOTION, true);
  knownInt(body, 'common', VOICE_SCOPES);
  knownInt(body, 'selectedEngine', SPEECH_ENGINES);
  const format = normalizeAudioFormat(typeof body.format === 'string' ? body.format.trim().toLowerCase() : body.format);
  return {
    text,
    ...(targetLanguage === undefined ? {} : { targetLanguage }),
    ...(voice ? { voiceName: voice.name } : {}),
    ...(typeof timbre === 'number' ? { timbreNumber: timbre } : {}),
    speedFactor,
    volume,
    emotion,
    format,
  };
}
