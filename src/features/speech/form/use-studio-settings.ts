import { studioSettingsStore } from './studio-settings';

export const useStudioSettings = () => studioSettingsStore.use();
