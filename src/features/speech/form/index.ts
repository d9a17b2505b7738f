export { draftStore, draftStored } from './draft-store';
export { SUBMIT_ID, SpeechForm, type FormPreset } from './speech-form';
export { StudioSettingsPanel } from './studio-settings-panel';
export { studioSettingsStore } from './studio-settings';
