// The "stalled after" choices, apart from eta.ts so the settings (first load) do not bring the estimates (table chunk).
export const STALL_CHOICES_MS = [60_000, 2 * 60_000, 5 * 60_000, 10 * 60_000, 30 * 60_000] as const;
export const DEFAULT_STALL_MS = 5 * 60_000;
