/** Every limit of section 8, plus the task ID prefix of section 2.2. */
export const TASK_ID_PREFIX = 'Service_AI';
export const MAX_TASK_IDS_PER_QUERY = 100;
export const SOURCE_TEXT_MAX_CHARS = 5000;

export const SPEED_FACTOR = { min: 0.5, max: 2, default: 1.0 } as const;
export const VOLUME_DB = { min: -60, max: 20, default: 0 } as const;
export const EMOTION = { min: 0, max: 6, default: 0 } as const;

/**
 * The formats a request may name (section 4.2); any other value falls back to wav (rule 3). The
 * spec's list, not what a gateway can make: the embedded gateway's own list is EMBEDDED_AUDIO_FORMATS
 * (server/gateway/speech/embedded-formats.ts), equal today but a separate name.
 */
export const SPEC_AUDIO_FORMATS = ['pcm', 'wav', 'mp3'] as const;
export type AudioFormat = (typeof SPEC_AUDIO_FORMATS)[number];
export const DEFAULT_AUDIO_FORMAT: AudioFormat = 'wav';

export const DEFAULT_CHANNEL = 0;
/** X-App-Source only counts when X-Channel is not this value. */
export const APP_SOURCE_IGNORED_CHANNEL = 100;

/**
 * The spec does not say how characters are counted. We count Unicode code points,
 * so an emoji or a CJK character outside the BMP is one character, not two UTF-16 units.
 */
export function countSourceTextChars(text: string): number {
  let n = 0;
  for (const _ of text) n++;
  return n;
}

/** Cut text to at most `max` code points, never splitting a surrogate pair. */
export function truncateSourceText(text: string, max = SOURCE_TEXT_MAX_CHARS): string {
  if (text.length <= max) return text;
  let out = '';
  let n = 0;
  for (const ch of text) {
    if (n === max) break;
    out += ch;
    n++;
  }
  return out;
}

/** Rule 3 of section 4.2: a format outside the spec's list is wav. */
export function normalizeAudioFormat(format: unknown): AudioFormat {
  return typeof format === 'string' && (SPEC_AUDIO_FORMATS as readonly string[]).includes(format)
    ? (format as AudioFormat)
    : DEFAULT_AUDIO_FORMAT;
}
