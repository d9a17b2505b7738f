import { AUDIO_FORMATS } from '@/contract';
import { local, readJson, writeJson } from '@/lib/persisted-store';
import { SPEECH_FORM_DEFAULTS, type SpeechFormValues } from '../api/speech-form-schema';

const DRAFT_KEY = 'console.speech.draft';

/** The last draft, field by field: a value of the wrong type (older version, hand edit) falls back to its default. */
export function readDraft(): SpeechFormValues {
  const stored = readJson(local(), DRAFT_KEY);
  const draft: SpeechFormValues = { ...SPEECH_FORM_DEFAULTS };
  if (typeof stored !== 'object' || stored === null) return draft;
  for (const [key, fallback] of Object.entries(SPEECH_FORM_DEFAULTS)) {
    const value: unknown = (stored as Record<string, unknown>)[key];
    if (typeof value === typeof fallback && (typeof value !== 'number' || Number.isFinite(value))) Object.assign(draft, { [key]: value });
  }
  if (!(AUDIO_FORMATS as readonly string[]).includes(draft.format)) draft.format = SPEECH_FORM_DEFAULTS.format;
  return draft;
}

export function writeDraft(values: SpeechFormValues): void {
  writeJson(local(), DRAFT_KEY, values);
}
