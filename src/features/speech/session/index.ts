export { SessionCompare, SessionHistory, showReplay } from './session-history';
export { SessionResult } from './session-result';
export { SpeechFormPanel } from './speech-form-panel';
export { SpeechSessionContext, createSpeechSession } from './speech-session';
export { useSpeechSession } from './use-speech-session';
