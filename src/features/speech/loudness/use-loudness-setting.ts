import { loudnessSettingStore } from './loudness-setting';

/** Off, or the loudness target joined takes and WAV takes are brought to. */
export const useLoudnessSetting = () => loudnessSettingStore.use();
