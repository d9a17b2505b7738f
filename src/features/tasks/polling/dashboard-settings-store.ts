import { createPersistedStore } from '@/lib/persisted-store';
import { DEFAULT_INTERVAL_MS, INTERVAL_CHOICES_MS } from './poll-schedule';
import { DEFAULT_STALL_MS, STALL_CHOICES_MS } from './stall-choices';

export type DashboardSettings = { intervalMs: number; stallMs: number; notify: boolean };

const oneOf = (value: unknown, choices: readonly number[], fallback: number): number =>
  typeof value === 'number' && choices.includes(value) ? value : fallback;

/** Checked by hand (no zod on a first visit): a value that is not an object gives the defaults, a field outside its choices its own default. */
const schema = {
  safeParse(value: unknown): { success: true; data: DashboardSettings } | { success: false } {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return { success: false };
    const { intervalMs, stallMs, notify } = value as Partial<Record<keyof DashboardSettings, unknown>>;
    const data = {
      intervalMs: oneOf(intervalMs, INTERVAL_CHOICES_MS, DEFAULT_INTERVAL_MS),
      stallMs: oneOf(stallMs, STALL_CHOICES_MS, DEFAULT_STALL_MS),
      notify: typeof notify === 'boolean' ? notify : false,
    };
    return { success: true, data };
  },
};

/** How the dashboard polls and flags, kept per device. A stored value outside the choices falls back field by field. */
export const dashboardSettingsStore = createPersistedStore<DashboardSettings>('console.tasks.settings', schema, {
  intervalMs: DEFAULT_INTERVAL_MS,
  stallMs: DEFAULT_STALL_MS,
  notify: false,
});

export const updateDashboardSettings = (patch: Partial<DashboardSettings>): void => dashboardSettingsStore.update(patch);
