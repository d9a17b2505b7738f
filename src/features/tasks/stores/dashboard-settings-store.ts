import * as z from 'zod/mini';
import { createPersistedStore } from '@/lib/persisted-store';
import { DEFAULT_INTERVAL_MS, INTERVAL_CHOICES_MS } from '../model/poll-schedule';
import { DEFAULT_STALL_MS, STALL_CHOICES_MS } from '../model/stall-choices';

export type DashboardSettings = { intervalMs: number; stallMs: number; notify: boolean };

const oneOf = (choices: readonly number[], fallback: number) => z.catch(z.number().check(z.refine((n) => choices.includes(n))), fallback);

const schema = z.object({
  intervalMs: oneOf(INTERVAL_CHOICES_MS, DEFAULT_INTERVAL_MS),
  stallMs: oneOf(STALL_CHOICES_MS, DEFAULT_STALL_MS),
  notify: z.catch(z.boolean(), false),
});

/** How the dashboard polls and flags, kept per device. A stored value outside the choices falls back field by field. */
export const dashboardSettingsStore = createPersistedStore<DashboardSettings>('console.tasks.settings', schema, {
  intervalMs: DEFAULT_INTERVAL_MS,
  stallMs: DEFAULT_STALL_MS,
  notify: false,
});

export const updateDashboardSettings = (patch: Partial<DashboardSettings>): void => dashboardSettingsStore.update(patch);
