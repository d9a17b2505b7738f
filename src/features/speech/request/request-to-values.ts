import { normalizeAudioFormat, type SpeechRequest } from '@/contract';
import { SPEECH_FORM_DEFAULTS, type SpeechFormValues } from './speech-form-schema';

const text = (v: unknown) => (v === undefined || v === null ? '' : String(v));

/** A sent request back into form values ("use these settings again"). */
export function requestToValues(request: SpeechRequest): SpeechFormValues {
  return {
    sourceText: request.sourceText,
    targetLanguage: text(request.targetLanguage),
    voiceName: text(request.voiceName),
    timbreNumber: text(request.timbreNumber),
    common: text(request.common),
    selectedEngine: text(request.selectedEngine),
    speedFactor: request.speedFactor ?? SPEECH_FORM_DEFAULTS.speedFactor,
    volume: request.volume ?? SPEECH_FORM_DEFAULTS.volume,
    emotion: request.emotion ?? SPEECH_FORM_DEFAULTS.emotion,
    format: normalizeAudioFormat(request.format),
  };
}
