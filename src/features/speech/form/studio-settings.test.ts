import { beforeEach, describe, expect, it, vi } from 'vitest';

async function loadSettings() {
  vi.resetModules();
  return import('./studio-settings');
}

describe('studio settings store', () => {
  beforeEach(() => localStorage.clear());

  it('keeps a valid PCM format and language list across loads', async () => {
    const first = await loadSettings();
    const next = { pcm: { sampleRate: 48000, channels: 2, bitsPerSample: 24 }, languages: [{ code: 'xx', name: 'Test' }] };
    first.studioSettingsStore.save(next);
    expect((await loadSettings()).studioSettingsStore.get()).toEqual(next);
  });

  it('falls back per field: a bad PCM format gives the default, bad language entries are dropped', async () => {
    localStorage.setItem(
      'console.speech.settings',
      JSON.stringify({
        pcm: { sampleRate: 22050, channels: 1, bitsPerSample: 8 },
        languages: [{ code: 'de', name: 'German' }, { code: 3 }, 'x'],
      }),
    );
    const { studioSettingsStore, DEFAULT_STUDIO_SETTINGS } = await loadSettings();
    expect(studioSettingsStore.get()).toEqual({ pcm: DEFAULT_STUDIO_SETTINGS.pcm, languages: [{ code: 'de', name: 'German' }] });
  });

  it('gives the default languages when none are usable', async () => {
    localStorage.setItem('console.speech.settings', JSON.stringify({ languages: [{ code: 1 }] }));
    const { studioSettingsStore, DEFAULT_STUDIO_SETTINGS } = await loadSettings();
    expect(studioSettingsStore.get().languages).toEqual(DEFAULT_STUDIO_SETTINGS.languages);
  });

  it('isPcmFormat refuses 8-bit and out-of-range rates', async () => {
    const { isPcmFormat } = await loadSettings();
    expect(isPcmFormat({ sampleRate: 22050, channels: 1, bitsPerSample: 16 })).toBe(true);
    expect(isPcmFormat({ sampleRate: 22050, channels: 1, bitsPerSample: 8 })).toBe(false);
    expect(isPcmFormat({ sampleRate: 1000, channels: 1, bitsPerSample: 16 })).toBe(false);
    expect(isPcmFormat({ sampleRate: 22050.5, channels: 1, bitsPerSample: 16 })).toBe(false);
  });
});
