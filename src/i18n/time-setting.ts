import { createPersistedStore } from '@/lib/persisted-store';
import type { TimeSetting } from './format';

/** Each field on its own: a stored value from an older version keeps what still parses. */
const schema = {
  safeParse(value: unknown): { success: true; data: TimeSetting } {
    const stored = (typeof value === 'object' && value) || {};
    const { display, zone } = stored as Partial<Record<keyof TimeSetting, unknown>>;
    return { success: true, data: { display: display === 'absolute' ? 'absolute' : 'relative', zone: zone === 'utc' ? 'utc' : 'local' } };
  },
};

/** How the operator wants times shown, kept in this browser like the language (console.time-setting). */
export const timeSettingStore = createPersistedStore<TimeSetting>('console.time-setting', schema, { display: 'relative', zone: 'local' });
