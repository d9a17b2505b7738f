import { studioSettingsStore } from '../stores/studio-settings';

export const useStudioSettings = () => studioSettingsStore.use();
