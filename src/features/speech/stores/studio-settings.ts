import { EMBEDDED_LANGUAGES, EMBEDDED_PCM } from '@/contract';
import { createStore, local, readJson, writeJson } from '@/lib/persisted-store';
import type { PcmFormat } from '../utils/pcm-to-wav';

export type LanguageOption = { code: string; name: string };
export type StudioSettings = { pcm: PcmFormat; languages: LanguageOption[] };

const SETTINGS_KEY = 'console.speech.settings';

export const DEFAULT_STUDIO_SETTINGS: StudioSettings = {
  pcm: { ...EMBEDDED_PCM },
  languages: EMBEDDED_LANGUAGES.map((l) => ({ code: l.code, name: l.name })),
};

// 8-bit WAV is unsigned, so signed 8-bit PCM could not be wrapped as is.
const PCM_BITS = [16, 24, 32];

export function isPcmFormat(v: unknown): v is PcmFormat {
  if (typeof v !== 'object' || v === null) return false;
  const { sampleRate, channels, bitsPerSample } = v as Record<string, unknown>;
  return (
    Number.isInteger(sampleRate) &&
    (sampleRate as number) >= 3000 &&
    (sampleRate as number) <= 384000 &&
    Number.isInteger(channels) &&
    (channels as number) >= 1 &&
    (channels as number) <= 8 &&
    PCM_BITS.includes(bitsPerSample as number)
  );
}

function load(): StudioSettings {
  const stored = readJson(local(), SETTINGS_KEY) as Partial<Record<keyof StudioSettings, unknown>> | undefined;
  const languages = Array.isArray(stored?.languages)
    ? stored.languages.filter((l): l is LanguageOption => typeof l?.code === 'string' && typeof l?.name === 'string')
    : [];
  return {
    pcm: isPcmFormat(stored?.pcm) ? stored.pcm : DEFAULT_STUDIO_SETTINGS.pcm,
    languages: languages.length > 0 ? languages : DEFAULT_STUDIO_SETTINGS.languages,
  };
}

export const studioSettingsStore = createStore<StudioSettings>(load());

export function saveStudioSettings(next: StudioSettings): void {
  writeJson(local(), SETTINGS_KEY, next);
  studioSettingsStore.set(next);
}

export const useStudioSettings = () => studioSettingsStore.use();
