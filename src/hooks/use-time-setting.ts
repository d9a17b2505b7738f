import type { TimeSetting } from '@/i18n/format';
import { timeSettingStore } from '@/i18n/time-setting';

/** The operator's time setting (relative or absolute, local or UTC); renders again when it changes. */
export const useTimeSetting = (): TimeSetting => timeSettingStore.use();
