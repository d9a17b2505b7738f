export { LOUDNESS_CHOICES, loudnessSettingStore, loudnessTarget } from './loudness-setting';
export { LoudnessNoteText, MeasuredLoudness } from './measured-loudness';
export { normalizeLoadedTake } from './normalize-loaded-take';
export { normalizeTake, type TakeLoudnessError } from './take-loudness';
export { useLoudnessSetting } from './use-loudness-setting';
