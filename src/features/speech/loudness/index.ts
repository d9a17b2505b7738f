export type { LameWasm } from './lame-mp3';
export { LOUDNESS_CHOICES, loudnessSettingStore, loudnessTarget } from './loudness-setting';
export { LoudnessNoteText, MeasuredLoudness } from './measured-loudness';
export { normalizeLoadedTake } from './normalize-loaded-take';
export { decodedBuffers, withPageDecoded } from './page-decoded';
export { normalizeTake, type TakeAudio, type TakeLoudnessError } from './take-loudness';
export { useLoudnessSetting } from './use-loudness-setting';
