import * as z from 'zod/mini';
import { createStore, local, readJson, writeJson } from '@/lib/persisted-store';
import { DEFAULT_INTERVAL_MS, INTERVAL_CHOICES_MS } from '../model/poll-schedule';
import { DEFAULT_STALL_MS, STALL_CHOICES_MS } from '../model/eta';

const KEY = 'console.tasks.settings';

export type DashboardSettings = { intervalMs: number; stallMs: number; notify: boolean };

const DEFAULTS: DashboardSettings = { intervalMs: DEFAULT_INTERVAL_MS, stallMs: DEFAULT_STALL_MS, notify: false };

const storedSchema = z.object({
  intervalMs: z.optional(z.number().check(z.refine((n) => (INTERVAL_CHOICES_MS as readonly number[]).includes(n)))),
  stallMs: z.optional(z.number().check(z.refine((n) => (STALL_CHOICES_MS as readonly number[]).includes(n)))),
  notify: z.optional(z.boolean()),
});

function load(): DashboardSettings {
  const parsed = storedSchema.safeParse(readJson(local(), KEY));
  if (!parsed.success) return DEFAULTS;
  const { intervalMs, stallMs, notify } = parsed.data;
  return { intervalMs: intervalMs ?? DEFAULTS.intervalMs, stallMs: stallMs ?? DEFAULTS.stallMs, notify: notify ?? false };
}

export const dashboardSettingsStore = createStore<DashboardSettings>(load());

export function updateDashboardSettings(patch: Partial<DashboardSettings>): void {
  const next = { ...dashboardSettingsStore.get(), ...patch };
  writeJson(local(), KEY, next);
  dashboardSettingsStore.set(next);
}

export function useDashboardSettings(): DashboardSettings {
  return dashboardSettingsStore.use();
}
