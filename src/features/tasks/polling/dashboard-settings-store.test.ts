import fc from 'fast-check';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import * as z from 'zod/mini';
import { DEFAULT_INTERVAL_MS, INTERVAL_CHOICES_MS } from './poll-schedule';
import { DEFAULT_STALL_MS, STALL_CHOICES_MS } from './stall-choices';

// The zod schema the store read console.tasks.settings with until a hand-written check replaced it
// (zod is kept out of the first visit): the store must read every stored value the same way.
const oneOf = (choices: readonly number[], fallback: number) => z.catch(z.number().check(z.refine((n) => choices.includes(n))), fallback);
const zodSchema = z.object({
  intervalMs: oneOf(INTERVAL_CHOICES_MS, DEFAULT_INTERVAL_MS),
  stallMs: oneOf(STALL_CHOICES_MS, DEFAULT_STALL_MS),
  notify: z.catch(z.boolean(), false),
});
const DEFAULTS = { intervalMs: DEFAULT_INTERVAL_MS, stallMs: DEFAULT_STALL_MS, notify: false };

async function storedThenLoaded(stored: string | null) {
  localStorage.clear();
  if (stored !== null) localStorage.setItem('console.tasks.settings', stored);
  vi.resetModules();
  return (await import('./dashboard-settings-store')).dashboardSettingsStore.get();
}

describe('dashboard settings store', () => {
  beforeEach(() => localStorage.clear());

  it('falls back field by field, and to the defaults for anything that is not an object', async () => {
    expect(await storedThenLoaded(null)).toEqual(DEFAULTS);
    expect(await storedThenLoaded('{not json')).toEqual(DEFAULTS);
    expect(await storedThenLoaded('[2000]')).toEqual(DEFAULTS);
    expect(await storedThenLoaded(JSON.stringify({ intervalMs: 0, stallMs: 7, notify: true }))).toEqual({
      ...DEFAULTS,
      intervalMs: 0,
      notify: true,
    });
    expect(await storedThenLoaded(JSON.stringify({ intervalMs: '2000', stallMs: 60_000, notify: 'yes', more: 1 }))).toEqual({
      ...DEFAULTS,
      stallMs: 60_000,
    });
  });

  it('reads any stored value exactly as the zod schema did', async () => {
    const number = fc.oneof(
      fc.constantFrom(...INTERVAL_CHOICES_MS, ...STALL_CHOICES_MS, -0),
      fc.integer(),
      fc.double({ noNaN: true, noDefaultInfinity: true }),
    );
    const json = fc.oneof(number, fc.boolean(), fc.string(), fc.constant(null), fc.constant([]));
    const stored = fc.oneof(fc.record({ intervalMs: json, stallMs: json, notify: json, other: json }, { requiredKeys: [] }), json);
    const values = fc.sample(stored, { numRuns: 150, seed: 27 });
    for (const value of values) {
      const zod = zodSchema.safeParse(JSON.parse(JSON.stringify(value)));
      expect(await storedThenLoaded(JSON.stringify(value))).toEqual(zod.success ? zod.data : DEFAULTS);
    }
  });
});
